class Checker:
    def readable(self, text, kind="document"):
        from .gateway import gateway

        prompt = f"""You check scanned documents before they are filed.

TEXT OF THE SCAN:
{text}

CRITERIA:
1. Does the text contain coherent, meaningful content in full sentences?
2. Is it properly formatted, without runs of broken or repeated characters?
3. Does it look like a real document rather than noise from a bad scan?
4. Is there enough of it to be a complete {kind}, with names and dates?
5. Are its dates plausible, and is no expiry date already in the past?

Respond with ONLY a JSON object with the keys "is_valid" (true or false) and "reason"
(one short sentence a clerk can act on)."""
        return gateway.call(prompt, "", options={"max_tokens": 150})
