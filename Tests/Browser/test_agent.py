"""The inspector's MCP server as a coding agent meets it: the official Python MCP SDK (`mcp`)
connects over streamable HTTP to `/mcp` of the InspectorProbe test app (its path in
INSPECTOR_PROBE), calls every tool and checks what each did in the app itself through the
probe's stdin commands; then the answers' budgets, the app's privacy settings, resource
notifications, and the endpoint's HTTP defences, the last over raw HTTP; then the same client
over standard input and output, through the stdio bridge `mvikit-mcp-bridge` (its path in
MVIKIT_MCP_BRIDGE, else .build/debug/mvikit-mcp-bridge; see scripts/e2e-agent.sh).

Run: INSPECTOR_PROBE=/path/to/InspectorProbe [MVIKIT_MCP_BRIDGE=/path/to/mvikit-mcp-bridge] \
  Tests/Browser/.venv/bin/python Tests/Browser/test_agent.py
"""

import asyncio
import contextlib
import functools
import http.client
import json
import os
import re
import secrets
import subprocess
import tempfile
import time
import unittest
import urllib.request
from datetime import timedelta
from pathlib import Path
from unittest import mock

import anyio
import httpx
import mcp.client.stdio
from mcp import ClientSession, types
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import McpError

from inspector_probe import PROBE, Probe

try:
    BaseExceptionGroup
except NameError:  # Python 3.10, where the venv may come from: anyio's own dependency has it.
    from exceptiongroup import BaseExceptionGroup

TOOLS = {
    "app_info", "list_steps", "get_step", "get_state", "diff_steps", "search_state",
    "intent_examples", "send_intent", "try_intent", "show_step", "return_live", "test_source",
    "explore_orders", "check_recording", "export_recording", "effect_runs",
}
# What the server promises an agent: no answer longer than this unless it asked to expand.
BUDGET = 20_000
# How a page of a long text ends: where to go on from.
PAGE_END = re.compile(r"\n\n\[\d+ more characters: call (?P<tool>\w+) with offset (?P<offset>\d+)\]$")
# A whole test, so that a server that stops answering fails the test instead of hanging the run.
TEST_DEADLINE = 300
# The server's own bound is 2 s for a sent intent's step; the rest is slack for a loaded machine.
STEP_DEADLINE = 30
ROOT = Path(__file__).resolve().parents[2]
# The stdio bridge, as scripts/e2e-agent.sh builds it.
BRIDGE = os.environ.get("MVIKIT_MCP_BRIDGE") or str(ROOT / ".build/debug/mvikit-mcp-bridge")


def setUpModule():
    if not PROBE or not os.access(PROBE, os.X_OK):
        raise unittest.SkipTest("INSPECTOR_PROBE does not name the InspectorProbe executable: tests skipped")


class Agent:
    """One MCP session with a probe's server, through the SDK's client, with the checks every
    test makes of an answer."""

    def __init__(self, test, session, notifications):
        self.test = test
        self.session = session
        self.notifications = notifications

    # The tool's name is positional only: test_source and explore_orders take a `name` argument.
    async def call(self, tool, /, **arguments):
        result = await self.session.call_tool(tool, arguments)
        self.test.assertEqual(len(result.content), 1, f"{tool} answers with one content")
        self.test.assertEqual(result.content[0].type, "text", f"{tool} answers with text")
        return result

    async def text(self, tool, /, **arguments):
        """The answer's text, which must not be an error."""
        result = await self.call(tool, **arguments)
        self.test.assertFalse(result.isError, f"{tool} {arguments} failed: {result.content[0].text}")
        return result.content[0].text

    async def json(self, tool, /, **arguments):
        return json.loads(await self.text(tool, **arguments))

    async def error(self, tool, /, **arguments):
        """The sentence of an answer that must be an error."""
        result = await self.call(tool, **arguments)
        text = result.content[0].text
        self.test.assertTrue(result.isError, f"{tool} {arguments} should have been refused: {text[:300]}")
        # A sentence an agent can act on, not a JSON dump or a stack.
        self.test.assertFalse(text.lstrip().startswith("{"), text)
        self.test.assertGreater(len(text), 10, text)
        return text

    async def wait(self, condition, message, timeout=STEP_DEADLINE):
        """Polls the async `condition` until it returns something true: steps reach the kept
        steps a frame after the store reduced them, so an answer may lag the probe's `ok`."""
        deadline = time.monotonic() + timeout
        while True:
            value = await condition()
            if value:
                return value
            if time.monotonic() > deadline:
                self.test.fail(f"timed out after {timeout} s: {message}")
            await anyio.sleep(0.02)

    async def wait_for_step(self, step, timeout=STEP_DEADLINE):
        async def reached():
            info = await self.json("app_info")
            return info if info["lastStep"] >= step else None
        return await self.wait(reached, f"step {step} reaches the inspector", timeout)


@contextlib.asynccontextmanager
async def connect(test, probe):
    notifications = []

    async def collect(message):
        if isinstance(message, types.ServerNotification):
            notifications.append((time.monotonic(), message.root))

    # The SDK's streamable_http_client takes an httpx client of ours (its older
    # streamablehttp_client, which took headers, is deprecated); trust_env off, so that a proxy
    # set in the environment does not carry loopback requests.
    async with httpx.AsyncClient(
            headers={"Authorization": f"Bearer {probe.token}"}, trust_env=False,
            timeout=httpx.Timeout(30, read=300)) as client:
        async with streamable_http_client(f"http://127.0.0.1:{probe.port}/mcp", http_client=client) as (read, write, _):
            async with ClientSession(read, write, read_timeout_seconds=timedelta(seconds=120),
                                     message_handler=collect) as session:
                await session.initialize()
                yield Agent(test, session, notifications)


def run_async(coroutine):
    """Runs `coroutine` on an event loop of its own. The SDK's task groups wrap a failed check
    in exception groups; the check itself is raised, so that unittest reports a failure as one."""
    try:
        asyncio.run(asyncio.wait_for(coroutine, TEST_DEADLINE))
    except BaseExceptionGroup as group:
        error = group
        while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
            error = error.exceptions[0]
        if error is group:
            raise
        raise error from None


def with_agent(method):
    """Runs an `async def test_…(self, agent)` connected to the test's probe."""
    @functools.wraps(method)
    def run(self):
        async def body():
            async with connect(self, self.probe) as agent:
                await method(self, agent)
        run_async(body())
    return run


class AgentTestCase(unittest.TestCase):
    probe_arguments = ()

    def setUp(self):
        self.probe = Probe(*self.probe_arguments)
        self.addCleanup(self.probe.quit)


class ToolTests(AgentTestCase):
    @with_agent
    async def test_the_server_lists_every_tool_with_an_object_schema_and_its_resources(self, agent):
        tools = (await agent.session.list_tools()).tools
        self.assertEqual({tool.name for tool in tools}, TOOLS)
        self.assertEqual(len(tools), len(TOOLS), "each tool is listed once")
        for tool in tools:
            self.assertEqual(tool.inputSchema.get("type"), "object", tool.name)
            self.assertTrue(tool.description, f"{tool.name} says what it does")
        schemas = {tool.name: tool.inputSchema for tool in tools}
        self.assertEqual(schemas["get_step"].get("required"), ["step"])
        self.assertIn("cursor", schemas["list_steps"]["properties"])

        resources = (await agent.session.list_resources()).resources
        self.assertEqual({str(resource.uri) for resource in resources}, {"mvikit://timeline", "mvikit://state"})
        state = json.loads((await agent.session.read_resource("mvikit://state")).contents[0].text)
        self.assertEqual(state["value"]["count"], 0)
        with self.assertRaises(McpError):
            await agent.session.read_resource("mvikit://nothing")

        info = await agent.json("app_info")
        self.assertEqual(info["model"], "ProbeModel")
        self.assertIs(info["live"], True)
        self.assertEqual((info["stepsKept"], info["lastStep"]), (0, 0))
        for capability in ("canSendIntents", "canMakeTests", "canExplore"):
            self.assertIs(info[capability], True, capability)

    @with_agent
    async def test_a_sent_intent_is_reduced_by_the_app_and_the_reading_tools_show_it(self, agent):
        sent = await agent.json("send_intent", intent={"add": {"_0": "milk"}})
        self.assertIs(sent["sent"], True)
        self.assertEqual((sent["step"], sent["intent"], sent["origin"]), (1, "add", "view"))
        self.assertEqual([change["member"] for change in sent["changes"]], ["items[0]"])
        self.assertEqual(sent["changes"][0]["new"], {"done": False, "name": "milk"})
        self.assertEqual(self.probe.state()["items"], "milk", "the app's store has the item")

        self.probe.send("send increment", "send add bread", "send effect")
        await agent.wait_for_step(5)

        # Which steps changed items: the two adds, not the increments.
        listed = await agent.json("list_steps", changed="items")
        self.assertEqual([step["step"] for step in listed["steps"]], [1, 3])
        for step in listed["steps"]:
            self.assertTrue(any(member.startswith("items") for member in step["changed"]), step)
        adds = await agent.json("list_steps", intent="add", origin="view")
        self.assertEqual([(step["step"], step["intent"]) for step in adds["steps"]], [(1, "add"), (3, "add")])
        self.assertEqual(json.loads(adds["steps"][1]["value"]), {"add": {"_0": "bread"}})
        # The effect's increment is the only step an effect sent.
        from_effects = await agent.json("list_steps", origin="effect")
        self.assertEqual([(step["step"], step["intent"]) for step in from_effects["steps"]], [(5, "increment")])
        everything = await agent.json("list_steps")
        self.assertEqual([step["step"] for step in everything["steps"]], [1, 2, 3, 4, 5])
        self.assertEqual(everything["keptSteps"], 5)
        self.assertEqual(everything["steps"][3]["startedRuns"], [1], "the effect intent started run 1")
        self.assertNotIn("nextCursor", everything)
        ranged = await agent.json("list_steps", **{"from": 2, "to": 3})
        self.assertEqual([step["step"] for step in ranged["steps"]], [2, 3])
        self.assertIn("origin", await agent.error("list_steps", origin="timer"))

        step = await agent.json("get_step", step=3)
        self.assertEqual((step["step"], step["intent"], step["origin"]), (3, "add", "view"))
        self.assertEqual(step["value"], {"add": {"_0": "bread"}})
        self.assertEqual(step["changes"], [{"member": "items[1]", "new": {"done": False, "name": "bread"}}])
        self.assertIn("not kept", await agent.error("get_step", step=99))

        name = await agent.json("get_state", path="items[0].name")
        self.assertEqual((name["value"], name["path"], name["step"]), ("milk", "items[0].name", 5))
        before = await agent.json("get_state", step=2)
        self.assertEqual([item["name"] for item in before["value"]["items"]], ["milk"])
        self.assertEqual(before["value"]["count"], 1)
        live = await agent.json("get_state")
        self.assertEqual(live["value"]["count"], int(self.probe.state()["count"]))
        self.assertIn("no member", await agent.error("get_state", path="items[7].name"))

        diff = await agent.json("diff_steps", **{"from": 1, "to": 5})
        changes = {change["member"]: change for change in diff["changes"]}
        self.assertEqual((changes["count"]["old"], changes["count"]["new"]), (0, 2))
        self.assertEqual(changes["items[1]"]["new"], {"done": False, "name": "bread"})
        self.assertNotIn("items[0]", changes, "milk was there at both steps")

        found = await agent.json("search_state", text="MILK")
        self.assertEqual(found["count"], 1)
        self.assertEqual(found["matches"], [{"member": "items[0].name", "value": "milk"}])
        self.assertEqual((await agent.json("search_state", text="milk", step=0))["count"], 0)

        examples = await agent.json("intent_examples")
        by_name = {example["intent"]: example["example"] for example in examples["intents"]}
        self.assertIn("add", by_name)
        self.assertEqual(set(by_name["add"]), {"add"})
        # An example is what send_intent takes, as it says.
        again = await agent.json("send_intent", intent=by_name["add"])
        self.assertEqual(again["step"], 6)
        self.assertEqual(len(self.probe.state()["items"].split(",")), 3)

    @with_agent
    async def test_a_tried_intent_shows_its_changes_and_leaves_the_store_alone(self, agent):
        self.probe.send("send add milk", "send increment")
        await agent.wait_for_step(2)
        before = self.probe.state()
        tried = await agent.json("try_intent", step=2, intent={"add": {"_0": "eggs"}})
        self.assertEqual(tried["step"], 2)
        self.assertEqual(tried["intent"], "add")
        self.assertEqual(tried["value"], {"add": {"_0": "eggs"}})
        self.assertIn("items", json.dumps(tried["changes"]))
        self.assertIn("eggs", json.dumps(tried["changes"]))
        # What step 2's own increment did, beside it.
        self.assertIn("count", json.dumps(tried["happened"]))
        self.assertNotIn("count", json.dumps(tried["changes"]))
        self.assertTrue(tried["note"])
        self.assertEqual(self.probe.state(), before, "the store was not touched")
        self.assertEqual((await agent.json("app_info"))["lastStep"], 2, "no step was added")
        self.assertIn("not one of ProbeModel's", await agent.error("try_intent", step=2, intent={"nope": {}}))

    @with_agent
    async def test_show_step_travels_pauses_the_apps_input_and_return_live_comes_back(self, agent):
        self.probe.send("send increment", "send increment", "send increment")
        await agent.wait_for_step(3)
        shown = await agent.json("show_step", step=1)
        self.assertEqual((shown["shownStep"], shown["live"]), (1, False))
        self.assertEqual(self.probe.state(), {"count": "1", "items": "", "live": "false"})
        self.assertEqual((await agent.json("app_info"))["live"], False)

        refused = await agent.error("send_intent", intent={"increment": {}})
        self.assertIn("return_live", refused)
        # The app's own View is paused too: its increment is not reduced against the past.
        self.probe.send("send increment")
        self.assertEqual(self.probe.state()["count"], "1")

        self.assertEqual(await agent.json("return_live"), {"live": True})
        self.assertEqual(self.probe.state(), {"count": "3", "items": "", "live": "true"},
                         "the live state, without the increment refused while paused")
        self.assertEqual((await agent.json("app_info"))["lastStep"], 3)
        self.assertEqual((await agent.json("send_intent", intent={"increment": {}}))["step"], 4)
        self.assertEqual(self.probe.state()["count"], "4")
        self.assertIn("no step 40", await agent.error("show_step", step=40))
        self.assertEqual(self.probe.state()["live"], "true")

    @with_agent
    async def test_test_source_writes_the_session_as_a_swift_test(self, agent):
        self.probe.send("send add milk", "send increment")
        await agent.wait_for_step(2)
        source = await agent.text("test_source")
        self.assertIn("@Test func recordedSession", source)
        self.assertIn('.add("milk")', source)
        self.assertIn(".increment", source)
        self.assertIn("@Test func checkoutFlow", await agent.text("test_source", name="checkoutFlow"))
        self.assertIn("identifier", await agent.error("test_source", name="not a name"))
        # The very test the page's "Copy as test" gives, which the browser suite
        # (test_inspector.py) compiles and runs against the app in a package of its own.
        page = self.probe.url.replace("/?token=", "/test?name=checkoutFlow&token=")
        with urllib.request.urlopen(page) as response:
            self.assertEqual(response.read().decode(), await agent.text("test_source", name="checkoutFlow"))

    @with_agent
    async def test_explore_orders_finds_the_planted_ordering_bug(self, agent):
        # The second lookup's answer may come before the first's; without cancelling the first,
        # the first answer can be shown last.
        self.probe.send("send lookup a", "send lookup ab")
        await agent.wait_for_step(4)
        explored = await agent.json("explore_orders")
        self.assertIs(explored["found"], True, explored["report"])
        self.assertTrue(explored["schedule"])
        self.assertIn("answer", explored["report"])
        self.assertIn("@Test func everyOrderEndsAsRecorded", explored["test"])
        named = await agent.json("explore_orders", through_step=4, name="lookupsEndAsSeen")
        self.assertIn("@Test func lookupsEndAsSeen", named["test"])

    @with_agent
    async def test_export_recording_is_checked_against_the_app(self, agent):
        self.probe.send("send add milk", "send increment", "send effect")
        await agent.wait_for_step(4)
        recording = await agent.text("export_recording")
        lines = recording.splitlines()
        self.assertEqual(json.loads(lines[0])["model"], "ProbeModel")
        for line in lines:
            json.loads(line)
        self.assertEqual(await agent.json("check_recording", recording=recording), {"stepCount": 4, "matches": True})

        # Another name recorded than the reducer gives: the first step differs.
        changed = recording.replace('"name":"milk"', '"name":"bread"')
        self.assertNotEqual(changed, recording)
        differs = await agent.json("check_recording", recording=changed)
        self.assertIs(differs["matches"], False)
        self.assertEqual(differs["step"], 1)
        self.assertTrue(differs["differences"])

        broken = await agent.json("check_recording", recording="not a recording\n{}")
        self.assertIn("problem", broken)
        self.assertNotIn("matches", broken)

    @with_agent
    async def test_effect_runs_lists_a_finished_run(self, agent):
        self.probe.send("send effect")

        async def finished():
            runs = await agent.json("effect_runs")
            return runs if runs["runs"] and runs["runs"][0].get("ended") else None
        runs = await agent.wait(finished, "the effect's run ends")
        self.assertEqual(runs["inFlight"], 0)
        self.assertEqual(len(runs["runs"]), 1)
        run = runs["runs"][0]
        self.assertEqual((run["run"], run["startedBy"], run["ended"]), (1, 1, "finished"))
        self.assertEqual(self.probe.state()["count"], "1", "the run's increment was reduced")

    @with_agent
    async def test_malformed_calls_are_refused_with_a_sentence_and_change_nothing(self, agent):
        self.assertIn("not one of ProbeModel's", await agent.error("send_intent", intent={"nope": {}}))
        self.assertIn("not JSON", await agent.error("send_intent", intent="not json {"))
        self.assertIn("needs intent", await agent.error("send_intent"))
        self.assertIn("There is no tool", await agent.error("delete_everything"))
        unknown = await agent.error("app_info", verbose=True)
        self.assertIn('no argument "verbose"', unknown)
        self.assertIn("cursor", await agent.error("list_steps", page=2))
        self.assertIn("whole number", await agent.error("get_step", step="first"))
        self.assertIn("true or false", await agent.error("get_state", expand="yes"))
        self.assertIn("not a member path", await agent.error("get_state", path="items[["))
        self.assertIn("not kept", await agent.error("diff_steps", **{"from": 0, "to": 3}))
        self.assertEqual(self.probe.state(), {"count": "0", "items": "", "live": "true"})
        self.assertEqual((await agent.json("app_info"))["lastStep"], 0)


class FixedTwinTests(AgentTestCase):
    probe_arguments = ("--fixed",)

    @with_agent
    async def test_explore_orders_finds_nothing_once_the_bug_is_fixed(self, agent):
        self.probe.send("send lookup a", "send lookup ab")
        await agent.wait_for_step(4)
        explored = await agent.json("explore_orders")
        self.assertIs(explored["found"], False, explored["report"])
        self.assertNotIn("schedule", explored)


class BudgetTests(AgentTestCase):
    @with_agent
    async def test_long_lists_come_in_pages_within_the_budget(self, agent):
        self.probe.send("sendmany 3000")
        await agent.wait_for_step(3000)
        first = await agent.text("list_steps")
        self.assertLessEqual(len(first), BUDGET)
        page = json.loads(first)
        self.assertEqual(page["keptSteps"], 3000)
        self.assertIn("nextCursor", page)
        self.assertIn(str(page["nextCursor"]), page["more"])
        following = await agent.json("list_steps", cursor=page["nextCursor"])
        self.assertEqual(following["steps"][0]["step"], page["steps"][-1]["step"] + 1)

        # The largest pages an agent may ask for, followed to the end: every step once, in order.
        seen = []
        cursor = None
        while True:
            arguments = {"limit": 500} if cursor is None else {"limit": 500, "cursor": cursor}
            text = await agent.text("list_steps", **arguments)
            self.assertLessEqual(len(text), BUDGET)
            page = json.loads(text)
            seen += [step["step"] for step in page["steps"]]
            cursor = page.get("nextCursor")
            if cursor is None:
                break
        self.assertEqual(seen, list(range(1, 3001)))

    async def whole(self, agent, tool):
        """A long text read page by page, each within the budget, following the offset each
        page names at its end: (the text, how many pages)."""
        parts = []
        offset = 0
        while True:
            text = await agent.text(tool, offset=offset)
            self.assertLessEqual(len(text), BUDGET)
            found = PAGE_END.search(text)
            if not found:
                parts.append(text)
                return "".join(parts), len(parts)
            self.assertEqual(found["tool"], tool)
            parts.append(text[:found.start()])
            self.assertEqual(int(found["offset"]), offset + len(parts[-1]), "the next page starts where this one ends")
            offset = int(found["offset"])

    @with_agent
    async def test_long_texts_come_in_pages_that_join_up(self, agent):
        self.probe.send("sendmany 2000", "send add milk")
        await agent.wait_for_step(2001)
        recording, pages = await self.whole(agent, "export_recording")
        self.assertGreater(pages, 1)
        events = [json.loads(line) for line in recording.splitlines()]
        self.assertEqual(events[0]["model"], "ProbeModel")
        self.assertEqual([event["step"] for event in events if "intent" in event], list(range(1, 2002)))
        self.assertEqual(events[-1]["changes"][0]["value"], {"done": False, "name": "milk"})

        source, pages = await self.whole(agent, "test_source")
        self.assertGreater(pages, 1)
        self.assertEqual(source.count("@Test func recordedSession"), 1)
        self.assertEqual(source.count("await store.send(.increment)"), 2000)
        self.assertTrue(source.rstrip().endswith("}"), source[-200:])

    @with_agent
    async def test_a_long_list_is_summarised_unless_expanded(self, agent):
        names = [f"item{index}" for index in range(30)]
        self.probe.send(*(f"send add {name}" for name in names))
        await agent.wait_for_step(30)
        state = await agent.json("get_state")
        items = state["value"]["items"]
        self.assertIs(items["summarised"], True)
        self.assertEqual(items["count"], 30)
        self.assertEqual([item["name"] for item in items["first"]], names[:3])
        self.assertIn("expand", state["summarised"])
        expanded = await agent.json("get_state", expand=True)
        self.assertEqual([item["name"] for item in expanded["value"]["items"]], names)
        by_path = await agent.json("get_state", path="items[29].name")
        self.assertEqual(by_path["value"], "item29")


class PrivacyTestCase(AgentTestCase):
    secret = "hunter2-" + secrets.token_hex(6)

    async def every_answer(self, agent):
        """The answers of every tool that reads the session, and of both resources."""
        answers = []
        for name, arguments in (
                ("app_info", {}), ("list_steps", {}), ("get_state", {"expand": True}),
                ("get_state", {"path": "password"}), ("export_recording", {}),
                ("search_state", {"text": "hunter2"}), ("search_state", {"text": self.secret}),
                ("intent_examples", {}), ("test_source", {}), ("explore_orders", {}),
                ("effect_runs", {}), ("diff_steps", {"from": 0, "to": 3})):
            answers.append(((name, arguments), await agent.text(name, **arguments)))
        for step in (1, 2, 3):
            result = await agent.call("get_step", step=step)
            answers.append((("get_step", step), result.content[0].text))
            answers.append((("get_state", step), await agent.text("get_state", step=step, expand=True)))
        for uri in ("mvikit://timeline", "mvikit://state"):
            answers.append(((uri,), (await agent.session.read_resource(uri)).contents[0].text))
        return answers

    def assert_nowhere(self, answers, *texts):
        for called, answer in answers:
            for text in texts:
                self.assertNotIn(text, answer, f"{called} answered the secret")


class WithheldTests(PrivacyTestCase):
    probe_arguments = ("--withhold", "password")

    @with_agent
    async def test_a_withheld_intents_value_reaches_no_answer(self, agent):
        self.probe.send("send add milk", f"send password {self.secret}", "send increment")
        info = await agent.wait_for_step(3)
        self.assertEqual((info["stepsKept"], info["withheldSteps"]), (2, 1))
        answers = await self.every_answer(agent)
        self.assert_nowhere(answers, "hunter2", self.secret)
        self.assertEqual((await agent.json("search_state", text="hunter2"))["count"], 0)
        listed = await agent.json("list_steps")
        self.assertNotIn("password", [step["intent"] for step in listed["steps"]])
        # The app's settings rewrite the state shown: item names stay in the app.
        state = await agent.json("get_state", expand=True)
        self.assertEqual([item["name"] for item in state["value"]["items"]], ["(private)"])


class WithheldNamesTests(PrivacyTestCase):
    probe_arguments = ("--withhold", "password,add")

    @with_agent
    async def test_a_name_only_withheld_steps_carried_reaches_no_answer(self, agent):
        # The name reaches the state through a withheld add; the state shown has it rewritten,
        # and nothing the tools derive from the steps (tests, explorations, replays) may bring
        # it back.
        self.probe.send("send increment", f"send password {self.secret}", f"send add {self.secret}",
                        "send increment")
        info = await agent.wait_for_step(4)
        self.assertEqual(info["withheldSteps"], 2)
        answers = await self.every_answer(agent)
        answers.append((("get_step", 4), await agent.text("get_step", step=4)))
        answers.append((("try_intent", 4), await agent.text("try_intent", step=4, intent={"increment": {}})))
        recording = await agent.text("export_recording")
        answers.append((("check_recording",), await agent.text("check_recording", recording=recording)))
        self.assert_nowhere(answers, "hunter2", self.secret)
        self.assertNotIn('"add"', recording)


class SecretTests(PrivacyTestCase):
    @with_agent
    async def test_a_secret_is_redacted_in_every_answer(self, agent):
        self.probe.send("send add milk", f"send password {self.secret}", "send increment")
        await agent.wait_for_step(3)
        answers = await self.every_answer(agent)
        self.assert_nowhere(answers, "hunter2", self.secret)
        step = await agent.json("get_step", step=2)
        self.assertEqual(step["intent"], "password", "the step is kept, its value redacted")
        self.assertNotIn(self.secret, json.dumps(step))
        password = await agent.json("get_state", path="password")
        self.assertNotIn("hunter2", json.dumps(password["value"]))


class NotificationTests(AgentTestCase):
    @with_agent
    async def test_a_subscriber_is_told_when_new_steps_arrive(self, agent):
        await agent.session.subscribe_resource("mvikit://timeline")
        with self.assertRaises(McpError):
            await agent.session.subscribe_resource("mvikit://elsewhere")
        sent = time.monotonic()
        self.probe.send("send add milk")

        async def updated():
            return [note for _, note in agent.notifications if isinstance(note, types.ResourceUpdatedNotification)]
        notes = await agent.wait(updated, "notifications/resources/updated arrives", timeout=5)
        arrived = next(at for at, note in agent.notifications if isinstance(note, types.ResourceUpdatedNotification))
        print(f"\nresource update notified {(arrived - sent) * 1000:.0f} ms after the step was sent")
        self.assertEqual({str(note.params.uri) for note in notes}, {"mvikit://timeline"},
                         "only the subscribed resource is notified")
        timeline = json.loads((await agent.session.read_resource("mvikit://timeline")).contents[0].text)
        self.assertEqual([step["intent"] for step in timeline["steps"]], ["add"])

        # Unsubscribed, a new step is not notified; the watcher looks every 200 ms, so a second
        # is long enough to tell.
        await agent.session.unsubscribe_resource("mvikit://timeline")
        agent.notifications.clear()
        self.probe.send("send increment")
        await agent.wait_for_step(2)
        await anyio.sleep(1)
        self.assertEqual(agent.notifications, [])


class SecurityTests(AgentTestCase):
    def request(self, body=b"", headers=None, path="/mcp", host=None, token=True):
        """One POST on a connection of its own, with exactly these headers: (status, headers,
        body). http.client, not urllib: it sends the Host given, and no proxy is involved."""
        connection = http.client.HTTPConnection("127.0.0.1", self.probe.port, timeout=30)
        try:
            connection.putrequest("POST", path, skip_host=True, skip_accept_encoding=True)
            sent = {
                "Host": host or f"127.0.0.1:{self.probe.port}",
                "Content-Type": "application/json",
                "Accept": "application/json, text/event-stream",
                "Content-Length": str(len(body)),
            }
            if token:
                sent["Authorization"] = f"Bearer {self.probe.token}"
            sent.update(headers or {})
            for name, value in sent.items():
                connection.putheader(name, value)
            connection.endheaders(body)
            response = connection.getresponse()
            return response.status, response.headers, response.read()
        finally:
            connection.close()

    def assert_jsonrpc_error(self, body, called):
        """The body is a JSON-RPC error an MCP client can read; its error, for more checks."""
        answer = json.loads(body)
        self.assertEqual(answer.get("jsonrpc"), "2.0", called)
        self.assertIn("id", answer, called)
        self.assertIsInstance(answer["error"]["code"], int, called)
        self.assertIsInstance(answer["error"]["message"], str, called)
        return answer["error"]

    def assert_refused(self, status, called, **request):
        answer_status, headers, body = self.request(**request)
        self.assertEqual(answer_status, status, f"{called}: {body[:300]!r}")
        return headers, self.assert_jsonrpc_error(body, called)

    @staticmethod
    def initialize_message(id=1):
        return json.dumps({
            "jsonrpc": "2.0", "id": id, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "security-test", "version": "1"}}}).encode()

    def test_the_endpoint_refuses_what_is_not_its_own_agent_and_still_serves_one(self):
        initialize = self.initialize_message()
        port = self.probe.port

        headers, error = self.assert_refused(401, "no token", body=initialize, token=False)
        self.assertIn("token", error["message"])
        self.assertEqual(headers["WWW-Authenticate"], "Bearer")
        self.assert_refused(401, "a wrong bearer token", body=initialize, headers={"Authorization": "Bearer wrong"})
        self.assert_refused(401, "a wrong token in the query", body=initialize, path="/mcp?token=wrong", token=False)
        # The page's cookie is sent by any page of this origin, so it is no credential here.
        self.assert_refused(401, "the token only in the page's cookie", body=initialize, token=False,
                            headers={"Cookie": f"mvikit-inspector-{port}={self.probe.token}"})

        self.assert_refused(403, "a foreign Origin", body=initialize, headers={"Origin": "http://evil.example"})
        self.assert_refused(403, "another port's Origin", body=initialize,
                            headers={"Origin": f"http://127.0.0.1:{port + 1}"})
        self.assert_refused(403, "a sandboxed page's Origin", body=initialize, headers={"Origin": "null"})
        # DNS rebinding: a page of evil.example whose name now points at 127.0.0.1.
        self.assert_refused(403, "a foreign Host", body=initialize, host=f"evil.example:{port}")
        self.assert_refused(403, "a Host without the port", body=initialize, host="evil.example")
        self.assert_refused(403, "a Host that only starts as the address", body=initialize,
                            host=f"127.0.0.1:{port}.evil.example")

        self.assert_refused(413, "a 1 MB body", body=b"x" * (1 << 20))

        # What the server's own names, its own page's Origin and the query token may do.
        for request in ({"host": f"localhost:{port}"}, {"headers": {"Origin": self.probe.origin}},
                        {"path": f"/mcp?token={self.probe.token}", "token": False}):
            status, headers, _ = self.request(body=initialize, **request)
            self.assertEqual(status, 200, request)
            self.assertTrue(headers["Mcp-Session-Id"], request)

        status, headers, _ = self.request(body=self.initialize_message(id=7))
        self.assertEqual(status, 200)
        session = {"Mcp-Session-Id": headers["Mcp-Session-Id"], "Mcp-Protocol-Version": "2025-06-18"}
        # Each would reduce an increment, were it well-formed and in a session.
        increment = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                     "params": {"name": "send_intent", "arguments": {"intent": {"increment": {}}}}}
        malformed = [
            ({}, b"{not json"),
            ({}, b"[]"),
            ({}, b'"jsonrpc"'),
            ({}, json.dumps({**increment, "jsonrpc": "1.0"}).encode()),
            ({}, json.dumps(increment).encode()),
            ({}, json.dumps({"jsonrpc": "2.0", "method": "initialize", "params": {}}).encode()),
            ({"Mcp-Session-Id": "00000000-0000-0000-0000-000000000000"}, json.dumps(increment).encode()),
            (session, b"{not json"),
            (session, b""),
            (session, json.dumps(increment).encode()[:-7]),
        ]
        started = time.monotonic()
        for index in range(500):
            headers, body = malformed[index % len(malformed)]
            called = f"message {index} ({body[:60]!r})"
            status, _, answer = self.request(body=body, headers=headers)
            self.assertTrue(400 <= status < 500, f"{called} answered {status}: {answer[:300]!r}")
            self.assert_jsonrpc_error(answer, called)
        print(f"\n500 malformed messages answered in {time.monotonic() - started:.2f} s")
        self.assertEqual(self.probe.state(), {"count": "0", "items": "", "live": "true"}, "nothing was reduced")

        # The bad requests took half the rate limit's bucket; an agent must still get through.
        async def good():
            async with connect(self, self.probe) as agent:
                self.assertEqual(len((await agent.session.list_tools()).tools), len(TOOLS))
                self.assertEqual((await agent.json("app_info"))["lastStep"], 0)
                self.assertEqual((await agent.json("send_intent", intent={"increment": {}}))["step"], 1)
        run_async(good())
        self.assertEqual(self.probe.state()["count"], "1")


@contextlib.asynccontextmanager
async def connect_through_bridge(test, url):
    """One MCP session through the stdio bridge, as a client that launches only local servers
    makes it: the SDK's stdio_client starts the bridge with the app's page address (and its
    token) in MVIKIT_INSPECTOR_URL, not on its command line. Yields the Agent, with the bridge's
    process (`agent.process`), its standard error (`agent.stderr()`), and the session's
    `initialize` answer (`agent.initialized`, None until `agent.initialize()`)."""
    notifications = []

    async def collect(message):
        if isinstance(message, types.ServerNotification):
            notifications.append((time.monotonic(), message.root))

    # The SDK keeps the process it starts to itself; the test wants its command line while it
    # runs and how it ended (mcp 1.26.0, pinned in requirements.txt, starts it with this).
    started = []
    create = mcp.client.stdio._create_platform_compatible_process

    async def recorded(*arguments, **options):
        process = await create(*arguments, **options)
        started.append(process)
        return process

    parameters = StdioServerParameters(command=BRIDGE, env={"MVIKIT_INSPECTOR_URL": url}, cwd=str(ROOT))
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8") as errlog, \
            mock.patch.object(mcp.client.stdio, "_create_platform_compatible_process", recorded):
        agent = None
        async with stdio_client(parameters, errlog=errlog) as (read, write):
            async with ClientSession(read, write, read_timeout_seconds=timedelta(seconds=120),
                                     message_handler=collect) as session:
                agent = Agent(test, session, notifications)
                agent.process = started[0]
                agent.initialized = None

                def stderr():
                    errlog.flush()
                    errlog.seek(0)
                    return errlog.read()
                agent.stderr = stderr

                async def initialize():
                    agent.initialized = await session.initialize()
                    return agent.initialized
                agent.initialize = initialize
                yield agent
        # Leaving stdio_client closed the bridge's standard input and waited for it to exit:
        # the SDK waits 2 s, then sends SIGTERM, which would end it with -15.
        agent.closed_at = time.monotonic()
        written = agent.stderr()
        agent.stderr = lambda: written


class BridgeTests(AgentTestCase):
    """The same official client, over standard input and output through mvikit-mcp-bridge."""

    def setUp(self):
        if not os.access(BRIDGE, os.X_OK):
            self.skipTest(f"the stdio bridge {BRIDGE} is missing: build it with "
                          "'swift build --product mvikit-mcp-bridge' or name it in MVIKIT_MCP_BRIDGE")
        super().setUp()

    def assert_exited_cleanly(self, agent, called):
        """The bridge ended by itself once its standard input closed, and never wrote the token."""
        self.assertEqual(agent.process.returncode, 0,
                         f"{called}: the bridge did not exit by itself when its standard input closed "
                         f"(-15: the SDK had to terminate it); stderr: {agent.stderr()!r}")
        self.assertNotIn(self.probe.token, agent.stderr(), f"{called}: the token reached standard error")

    def test_the_official_client_calls_the_apps_tools_through_the_bridge(self):
        async def body():
            async with connect_through_bridge(self, self.probe.url) as agent:
                # The token is in the bridge's environment, not on its command line.
                cmdline = Path(f"/proc/{agent.process.pid}/cmdline")
                if cmdline.exists():
                    self.assertNotIn(self.probe.token, cmdline.read_bytes().decode(errors="replace"))
                initialized = await agent.initialize()
                self.assertTrue(initialized.capabilities.resources.subscribe)
                self.assertIsNotNone(initialized.capabilities.tools)

                tools = (await agent.session.list_tools()).tools
                self.assertEqual({tool.name for tool in tools}, TOOLS)
                self.assertEqual(len(tools), 16)
                for tool in tools:
                    self.assertEqual(tool.inputSchema.get("type"), "object", tool.name)

                sent = await agent.json("send_intent", intent={"add": {"_0": "milk"}})
                self.assertIs(sent["sent"], True)
                self.assertEqual((sent["step"], sent["intent"], sent["origin"]), (1, "add", "view"))
                self.assertEqual(self.probe.state()["items"], "milk", "the app's store has the item")
                self.assertEqual((await agent.json("send_intent", intent={"increment": {}}))["step"], 2)
                self.assertEqual(self.probe.state()["count"], "1")

                listed = await agent.json("list_steps")
                self.assertEqual([(step["step"], step["intent"]) for step in listed["steps"]],
                                 [(1, "add"), (2, "increment")])
                self.assertIn("not kept", await agent.error("get_step", step=99))

                # The app's notifications come over the stream the bridge keeps open, as lines.
                await agent.session.subscribe_resource("mvikit://timeline")
                sent_at = time.monotonic()
                self.probe.send("send add bread")

                async def updated():
                    return [note for _, note in agent.notifications
                            if isinstance(note, types.ResourceUpdatedNotification)]
                notes = await agent.wait(updated, "notifications/resources/updated arrives through the bridge",
                                         timeout=10)
                arrived = next(at for at, note in agent.notifications
                               if isinstance(note, types.ResourceUpdatedNotification))
                print(f"\nresource update notified through the bridge {(arrived - sent_at) * 1000:.0f} ms "
                      "after the step was sent")
                self.assertEqual({str(note.params.uri) for note in notes}, {"mvikit://timeline"})
                timeline = json.loads((await agent.session.read_resource("mvikit://timeline")).contents[0].text)
                self.assertEqual([step["intent"] for step in timeline["steps"]], ["add", "increment", "add"])
                opened_at = time.monotonic()
            self.assertLess(agent.closed_at - opened_at, 2, "the bridge took the SDK's whole grace period")
            self.assert_exited_cleanly(agent, "after a session")
        run_async(body())
        self.assertEqual(self.probe.state()["items"], "milk,bread")

    def test_a_wrong_token_is_refused_with_a_sentence_and_the_bridge_still_exits(self):
        async def body():
            wrong = self.probe.url.replace(self.probe.token, "wrong" + secrets.token_hex(8))
            self.assertNotEqual(wrong, self.probe.url)
            async with connect_through_bridge(self, wrong) as agent:
                with self.assertRaises(McpError) as refused:
                    await agent.initialize()
                message = refused.exception.error.message
                self.assertIn("token", message)
                self.assertIn("Bearer", message)
                # A sentence a user can act on, not an HTTP status or a stack.
                self.assertGreater(len(message), 30, message)
                self.assertFalse(message.lstrip().startswith("{"), message)
                # Every later request is refused the same way; the bridge stays up to say so.
                with self.assertRaises(McpError) as again:
                    await agent.session.call_tool("send_intent", {"intent": {"increment": {}}})
                self.assertIn("token", again.exception.error.message)
            self.assert_exited_cleanly(agent, "after a refused session")
        run_async(body())
        self.assertEqual(self.probe.state(), {"count": "0", "items": "", "live": "true"}, "nothing was reduced")

    def test_the_bridge_ends_at_the_end_of_its_input_and_says_what_it_lacks(self):
        # Raw lines, no SDK: end of input right after the session opened its notification stream.
        environment = {key: value for key, value in os.environ.items() if not key.startswith("MVIKIT_INSPECTOR_")}
        bridge = subprocess.Popen([BRIDGE], env={**environment, "MVIKIT_INSPECTOR_URL": self.probe.url},
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            bridge.stdin.write(json.dumps({
                "jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                           "clientInfo": {"name": "bridge-test", "version": "1"}}}) + "\n")
            bridge.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")
            bridge.stdin.flush()
            answer = json.loads(bridge.stdout.readline())
            self.assertEqual(answer["id"], 1)
            self.assertIn("protocolVersion", answer["result"])
            bridge.stdin.close()
            self.assertEqual(bridge.wait(timeout=5), 0, "the bridge exits with 0 at the end of its input")
            self.assertEqual(bridge.stdout.read(), "")
            self.assertEqual(bridge.stderr.read(), "")
        finally:
            if bridge.poll() is None:
                bridge.kill()
                bridge.wait()
            bridge.stdout.close()
            bridge.stderr.close()

        # No address: a sentence naming what to give, and status 2.
        lost = subprocess.run([BRIDGE], env=environment, stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, timeout=10)
        self.assertEqual(lost.returncode, 2)
        self.assertIn("MVIKIT_INSPECTOR_URL", lost.stderr)


class TimingTests(AgentTestCase):
    """Figures for the benchmark note: printed, and bounded generously."""

    async def timed(self, agent, label, name, **arguments):
        started = time.perf_counter()
        text = await agent.text(name, **arguments)
        elapsed = time.perf_counter() - started
        print(f"{label}: {elapsed * 1000:.1f} ms, {len(text):,} characters")
        self.assertLess(elapsed, 2, label)
        return text

    @with_agent
    async def test_list_steps_over_ten_thousand_kept_steps(self, agent):
        self.probe.send("sendmany 10000")
        info = await agent.wait_for_step(10000, timeout=120)
        self.assertEqual(info["stepsKept"], 10000)
        print()
        page = json.loads(await self.timed(agent, "list_steps, first page of 10,000 kept", "list_steps"))
        self.assertIn("nextCursor", page)
        await self.timed(agent, "list_steps, last page of 10,000 kept", "list_steps", cursor=9950)
        await self.timed(agent, "list_steps, 500 at most of 10,000 kept", "list_steps", limit=500)
        # No step changed items: every kept step is looked at and none listed.
        none = json.loads(await self.timed(agent, "list_steps changed=items, a scan of 10,000", "list_steps",
                                           changed="items"))
        self.assertEqual(none["steps"], [])
        await self.timed(agent, "get_state after step 5,000 of 10,000", "get_state", step=5000)

    @with_agent
    async def test_get_state_of_a_thousand_items(self, agent):
        self.probe.send(*(f"send add item{index}" for index in range(1000)))
        await agent.wait_for_step(1000)
        print()
        summary = json.loads(await self.timed(agent, "get_state of 1,000 items, summarised", "get_state"))
        self.assertEqual(summary["value"]["items"]["count"], 1000)
        whole = json.loads(await self.timed(agent, "get_state of 1,000 items, expanded", "get_state", expand=True))
        self.assertEqual(len(whole["value"]["items"]), 1000)
        await self.timed(agent, "search_state of 1,000 items", "search_state", text="item999")


if __name__ == "__main__":
    unittest.main(verbosity=2)
