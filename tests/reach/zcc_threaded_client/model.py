"""A client that sends a batch of prompts on threads, one request each."""
import json
import threading

import requests


class BatchModel:
    def __init__(self, url):
        self.url = url

    def _request(self, text):
        body = json.dumps({"model": "writer", "messages": [{"role": "user", "content": text}]})
        return requests.request("POST", self.url, data=body).json()

    def _worker(self, text, results, index):
        results[index] = self._request(text)

    def run_all(self, texts):
        results = [None] * len(texts)
        threads = []
        for index, text in enumerate(texts):
            thread = threading.Thread(target=self._worker, args=(text, results, index))
            threads.append(thread)
            thread.start()
        for thread in threads:
            thread.join()
        return results
