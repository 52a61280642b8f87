"""A stand-in for the parts of Flask the webhook guide's app.py uses (tests/content/webhook-signature.test.cjs).

Flask is not installed for the tests: this module records the view the sample registers and lets
run.py call it with a request of its choosing, as Flask would: case-insensitive headers, the raw
body from get_data(), abort() raising until the view's caller turns it into a status.
"""
import json
import logging


class Aborted(Exception):
    def __init__(self, code):
        super().__init__(f"abort({code})")
        self.code = code


def abort(code):
    raise Aborted(code)


class _Headers(dict):
    def get(self, name, default=None):
        for key, value in self.items():
            if key.lower() == name.lower():
                return value
        return default


class _Request:
    def __init__(self):
        self.headers = _Headers()
        self._body = b""

    def set(self, body, headers):
        self._body = body
        self.headers = _Headers(headers)

    def get_data(self):
        return self._body

    def get_json(self):
        return json.loads(self._body)


request = _Request()


class Flask:
    def __init__(self, name):
        self.logger = logging.getLogger(name)
        self.views = {}

    def post(self, rule):
        def register(view):
            self.views[rule] = view
            return view

        return register
