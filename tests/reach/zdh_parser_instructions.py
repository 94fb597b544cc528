"""A LangChain output parser's format instructions after the document: the instructions are
constant (a paragraph and the answer class's schema, about 150 tokens), the document is not."""

from langchain_core.output_parsers import PydanticOutputParser
from langchain_core.prompts import PromptTemplate
from langchain_openai import ChatOpenAI
from pydantic import BaseModel, Field


class Receipt(BaseModel):
    merchant: str = Field(description="The shop that issued the receipt")
    total: float = Field(description="The amount paid, in the receipt's currency")
    items: list[str] = Field(description="One entry per item bought, as printed")


parser = PydanticOutputParser(pydantic_object=Receipt)

receipt_prompt = PromptTemplate(
    template="Read this receipt.\n\n{receipt_text}\n\n{format_instructions}\n",
    input_variables=["receipt_text"],
    partial_variables={"format_instructions": parser.get_format_instructions()},
)

chain = receipt_prompt | ChatOpenAI(model="gpt-4o-mini") | parser


def read_receipt(receipt_text: str) -> Receipt:
    return chain.invoke({"receipt_text": receipt_text})
