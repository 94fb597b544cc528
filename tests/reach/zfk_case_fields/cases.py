"""The graded test case: a model whose fields default to `None`, set when a case is made."""
from typing import Optional

from pydantic import BaseModel


class GradedCase(BaseModel):
    input: Optional[str] = None
    actual_output: Optional[str] = None
