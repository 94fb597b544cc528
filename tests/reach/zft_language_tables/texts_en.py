"""The English texts: the keyword prompt exists only in English."""

TEXTS_EN = {
    "WRITING": {
        "HEADLINE": """Write {n} ad headlines for the product "{product}".
Each headline has at most thirty characters, with no exclamation marks and no needless
capitals. Promise neither prices nor delivery times, and never name a competing brand.
Write for shoppers comparing products on a search page: concrete benefits first, plain
words, no slang. Answer with a JSON list of strings and nothing around it.""",
    },
    "KEYWORDS": """Suggest search keywords for the product "{product}".
Give twenty keywords a shopper would type, from the most general to the most specific, in
lower case, without brand names of competitors and without duplicates. Prefer phrases of two
to four words, include common misspellings only when shoppers really use them, and leave out
words that describe the shop rather than the product. Answer with a JSON list of strings.""",
}
