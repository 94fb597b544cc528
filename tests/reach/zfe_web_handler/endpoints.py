"""Handlers the application registers in `routes.py`. A FastAPI dependency among the
parameters marks a handler wherever its route is added: what it is called with is each
request's, whatever the parameter is called (the account is injected, not sent)."""
from fastapi import Depends

from .coach import estimate


def current_account() -> dict:
    return {"id": 1}


async def quick_log(entry: dict, account: dict = Depends(current_account)) -> dict:
    dish = entry.get("food", "").strip()
    return {"account": account["id"], "estimate": estimate(dish, "one serving")}
