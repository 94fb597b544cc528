from groq import Groq

RULES = """You pick wines for a shop's customers. Read the customer's wishes and answer with a
JSON object holding the grape, the region, the price range and a one-line reason. Never name a
wine the shop does not sell, never suggest more than three bottles, and always say when a wish
cannot be met. Keep the reason under twenty words, in the customer's language, and do not
mention prices outside the range the customer gave. Prefer wines from the shop's own region."""


class SommelierModel:
    def __init__(self):
        self.client = Groq()

    def pour(self, messages, get_json=True):
        response_format = {"type": "json_object"} if get_json else {"type": "text"}
        response = self.client.chat.completions.create(
            model="llama3-70b-8192", messages=messages, response_format=response_format)
        return response.choices[0].message.content


sommelier = SommelierModel()


def recommend(wishes: str) -> str:
    return sommelier.pour([{"role": "system", "content": RULES},
                           {"role": "user", "content": wishes}])
