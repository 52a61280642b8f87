"""Runs the webhook guide's Python samples on the cases given as JSON on stdin (tests/content/webhook-signature.test.cjs).

The samples (verify.py, app.py) are in the current directory, written there by the test exactly as
the guide shows them. For each case it prints, as JSON, what verify.signature_is_valid returned and
the status the Flask view of app.py answered; an exception is reported as such, not as a result.
"""
import base64
import json
import os
import sys

sys.path.insert(0, os.getcwd())
sys.path.insert(1, os.path.dirname(os.path.abspath(__file__)))

given = json.load(sys.stdin)
os.environ["TT_WEBHOOK_SECRET"] = given["secret"]

import flask  # noqa: E402  the stand-in beside this file
from verify import signature_is_valid  # noqa: E402
import app  # noqa: E402

view = app.app.views[given["route"]]


def status_of(body, headers):
    flask.request.set(body, headers)
    try:
        result = view()
    except flask.Aborted as aborted:
        return aborted.code
    except Exception as error:  # the view failing is a result the test reports
        return f"{type(error).__name__}: {error}"
    return result[1]


results = []
for case in given["cases"]:
    body = base64.b64decode(case["body"])
    try:
        valid = signature_is_valid(case["header"], body, given["secret"])
    except Exception as error:
        valid = f"{type(error).__name__}: {error}"
    headers = {} if case["header"] is None else {"Tickettailor-Webhook-Signature": case["header"]}
    results.append({"valid": valid, "status": status_of(body, headers)})

json.dump(results, sys.stdout)
