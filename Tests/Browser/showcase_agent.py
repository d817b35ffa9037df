"""The showcase's inspector as a coding agent meets it, for scripts/e2e-showcase-inspect.sh: one
action a run, each over an MCP session of its own with the official Python SDK (`mcp`) on the
server the showcase's footer names. The script checks the terminal between actions.

Run: Tests/Browser/.venv/bin/python Tests/Browser/showcase_agent.py MCP_URL TOKEN ACTION [ARGUMENT]

Actions:
  app-info           app_info names ShowcaseModel, live
  examples           intent_examples has the Todos draft's intent; list_steps lists the toggle
  send-draft TEXT    sends the Todos draft-changed intent (intent_examples' example) with TEXT
  show-before-toggle shows the step before the first toggle; a send is refused meanwhile
  return-live        return_live
  last-step          prints the last step (the script checks that typed keys added none)
  test-source        test_source makes the model with ShowcaseModel.unconnected

Each prints one line saying what it found and exits with 0, or prints why it failed and exits
with 1.
"""

import asyncio
import json
import re
import sys
from datetime import timedelta

import httpx
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

try:
    BaseExceptionGroup
except NameError:  # Python 3.10, where the venv may come from: anyio's own dependency has it.
    from exceptiongroup import BaseExceptionGroup

DRAFT = "screen.todos.draftChanged"
TOGGLE = "screen.todos.row.toggleTapped"
# How a page of a long text ends: where to go on from.
PAGE_END = re.compile(r"\n\n\[\d+ more characters: call (?P<tool>\w+) with offset (?P<offset>\d+)\]$")


class Failed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failed(message)


class Agent:
    def __init__(self, session):
        self.session = session

    async def call(self, tool, /, **arguments):
        result = await self.session.call_tool(tool, arguments)
        check(len(result.content) == 1 and result.content[0].type == "text",
              f"{tool} did not answer with one text: {result.content!r:.300}")
        return result.isError, result.content[0].text

    async def text(self, tool, /, **arguments):
        error, text = await self.call(tool, **arguments)
        check(not error, f"{tool} {json.dumps(arguments)} failed: {text[:300]}")
        return text

    async def json(self, tool, /, **arguments):
        return json.loads(await self.text(tool, **arguments))

    async def example(self, intent):
        examples = await self.json("intent_examples")
        check(examples.get("model") == "ShowcaseModel", f"intent_examples is for {examples.get('model')!r}")
        found = {entry["intent"]: entry["example"] for entry in examples["intents"]}
        check(intent in found, f"intent_examples has no {intent}; it has {sorted(found)}")
        return found[intent], found

    async def first_step(self, intent):
        listed = await self.json("list_steps", intent=intent)
        check(listed["steps"], f"list_steps lists no {intent} step")
        return listed["steps"][0]["step"], listed


async def app_info_showing(agent, shown):
    """app_info once it says the app shows step `shown` (None: live): the first answer, and
    whether that first answer disagreed. Known server bug: right after show_step or return_live,
    app_info's `live` is already the store's while its `shownStep` is still the feed's from a
    frame before, e.g. {"live":true,…,"shownStep":26} just after return_live, or "live":false
    without a shownStep just after show_step. Polled here (up to 2 s) so the travel itself is
    checked; the lag is reported in the pass line."""
    want = (shown is None, shown)
    first = None
    for _ in range(200):
        info = await agent.json("app_info")
        first = first or info
        if (info["live"], info.get("shownStep")) == want:
            return info, first is not info
        await asyncio.sleep(0.01)
    raise Failed(f"app_info never said live={want[0]}, shownStep={want[1]}: it says {info}")


def lag_note(lagged):
    return " (app_info's shownStep lagged a frame: the known bug)" if lagged else ""


def replace_draft(example, text):
    """The draft-changed example with `text` as its draft: the string under draftChanged."""
    if isinstance(example, dict):
        if "draftChanged" in example:
            return {**example, "draftChanged": {"_0": text}}
        return {key: replace_draft(value, text) for key, value in example.items()}
    return example


async def app_info(agent):
    info = await agent.json("app_info")
    check(info["model"] == "ShowcaseModel", f"app_info names {info['model']!r}, not ShowcaseModel")
    check(info["live"] is True, f"app_info says the app is not live: {info}")
    check(info["stepsKept"] > 0, f"app_info keeps no steps: {info}")
    return f"model {info['model']}, {info['stepsKept']} steps kept, live"


async def examples(agent):
    draft, found = await agent.example(DRAFT)
    check("draftChanged" in json.dumps(draft), f"the example of {DRAFT} is {draft}")
    everything = await agent.json("list_steps")
    check(everything["keptSteps"] > 0 and everything["steps"], f"list_steps lists nothing: {everything}")
    toggle, _ = await agent.first_step(TOGGLE)
    drafts = await agent.json("list_steps", intent=DRAFT)
    typed = [json.loads(step["value"]) for step in drafts["steps"]]
    check(any("alpha" in json.dumps(value) for value in typed), f"no draft step typed alpha: {typed}")
    return (f"{len(found)} intent examples, {DRAFT} among them; list_steps lists {everything['keptSteps']} "
            f"steps, {len(drafts['steps'])} draft changes, the toggle at step {toggle}")


async def send_draft(agent, text):
    draft, _ = await agent.example(DRAFT)
    intent = replace_draft(draft, text)
    check(text in json.dumps(intent), f"could not put the text into {draft}")
    sent = await agent.json("send_intent", intent=intent)
    check(sent.get("sent") is True, f"send_intent did not send: {sent}")
    check(sent["intent"] == DRAFT, f"send_intent answered the step of {sent['intent']}")
    check(any(change.get("new") == text for change in sent.get("changes", [])),
          f"the step did not change the draft to {text!r}: {sent.get('changes')}")
    return f"step {sent['step']}, the draft changed to {text!r}"


async def show_before_toggle(agent):
    toggle, _ = await agent.first_step(TOGGLE)
    shown = await agent.json("show_step", step=toggle - 1)
    check((shown["shownStep"], shown["live"]) == (toggle - 1, False), f"show_step answered {shown}")
    _, lagged = await app_info_showing(agent, toggle - 1)
    error, refused = await agent.call("send_intent", intent={"openTapped": {}})
    check(error and "return_live" in refused, f"send_intent while a past step shows was not refused: {refused}")
    return f"step {toggle - 1}, the one before the toggle; send_intent refused meanwhile{lag_note(lagged)}"


async def return_live(agent):
    answer = await agent.json("return_live")
    check(answer == {"live": True}, f"return_live answered {answer}")
    _, lagged = await app_info_showing(agent, None)
    return f"live{lag_note(lagged)}"


async def last_step(agent):
    return str((await agent.json("app_info"))["lastStep"])


async def test_source(agent):
    parts = []
    offset = 0
    while True:
        text = await agent.text("test_source", offset=offset) if offset else await agent.text("test_source")
        found = PAGE_END.search(text)
        if not found:
            parts.append(text)
            break
        parts.append(text[:found.start()])
        offset = int(found["offset"])
    source = "".join(parts)
    check("@Test func recordedSession" in source, f"test_source has no test: {source[:300]}")
    check("ShowcaseModel.unconnected" in source, "test_source does not make the model with ShowcaseModel.unconnected")
    check("ShowcaseModel()" not in source, "test_source makes the model with ShowcaseModel()")
    return f"a test of {source.count('await store.')} sends and receives, with ShowcaseModel.unconnected"


ACTIONS = {
    "app-info": app_info, "examples": examples, "send-draft": send_draft,
    "show-before-toggle": show_before_toggle, "return-live": return_live, "last-step": last_step,
    "test-source": test_source,
}


async def run(url, token, action, arguments):
    # trust_env off: a proxy set in the environment must not carry loopback requests.
    async with httpx.AsyncClient(headers={"Authorization": f"Bearer {token}"}, trust_env=False,
                                 timeout=httpx.Timeout(30, read=120)) as client:
        async with streamable_http_client(url, http_client=client) as (read, write, _):
            async with ClientSession(read, write, read_timeout_seconds=timedelta(seconds=60)) as session:
                await session.initialize()
                return await ACTIONS[action](Agent(session), *arguments)


def main():
    if len(sys.argv) < 4 or sys.argv[3] not in ACTIONS:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    url, token, action, *arguments = sys.argv[1:]
    try:
        print(asyncio.run(asyncio.wait_for(run(url, token, action, arguments), 120)))
        return 0
    except Failed as failure:
        print(failure)
    except BaseException as error:  # the SDK's task groups wrap what failed in exception groups
        while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
            error = error.exceptions[0]
        print(f"{type(error).__name__}: {error}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
