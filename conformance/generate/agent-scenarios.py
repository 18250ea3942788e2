#!/usr/bin/env python3
"""Writes the Agent-tool scenarios (conformance/scenarios/agent-*.json): agent types, project and
user agents, tools-list resolution, foreground/background, worktree isolation, per-conversation
read ledgers, permissions inside subagents, invalid inputs. Each subagent is scripted by the
oracle's `agents` field, keyed by the Agent call's prompt."""
import json, os, sys

OUT = os.path.join(os.path.dirname(__file__), '..', 'scenarios')
T = ["Agent", "Read", "Edit", "Write", "Bash"]
S = {}

def A(desc, prompt, **kw):
    return {"name": "Agent", "input": {"description": desc, "prompt": prompt, **kw}}
def R(p): return {"name": "Read", "input": {"file_path": "$CWD/" + p}}
def E(p, a, b): return {"name": "Edit", "input": {"file_path": "$CWD/" + p, "old_string": a, "new_string": b}}
def W(p, c): return {"name": "Write", "input": {"file_path": "$CWD/" + p, "content": c}}
def B(c): return {"name": "Bash", "input": {"command": c}}
FG = {"run_in_background": False}

def sc(id, description, turns, agents=None, **kw):
    s = {"id": id, "area": "agent", "description": description, "tools": kw.pop("tools", T)}
    s.update(kw)
    if agents is not None: s["agents"] = agents
    s["turns"] = turns
    S[id] = s

def agent_md(name, desc, body="You are a helper.", **fm):
    lines = ["---", f"name: {name}", f"description: {desc}"]
    for k, v in fm.items(): lines.append(f"{k}: {v}")
    lines += ["---", body, ""]
    return "\n".join(lines)

FILES = {"a.txt": "alpha\n", "b.txt": "beta\n"}

# ---- built-in types, foreground
for t in [None, "general-purpose", "Explore", "Plan", "claude", "statusline-setup", "fork"]:
    tid = (t or "default").lower()
    p = f"[{tid}] read a.txt, try to edit b.txt and run echo"
    kw = dict(FG)
    if t: kw["subagent_type"] = t
    sc(f"agent-type-{tid}", f"Foreground Agent call with subagent_type {t}: which tools the subagent has.",
       [[A("type check", p, **kw)]], {p: [[R("a.txt")], [E("b.txt", "beta", "BETA")], [B("echo hi")], f"{tid} done"]}, files=FILES)

# ---- unknown / odd types (no subagent runs)
sc("agent-type-unknown", "Unknown, wrong-case and empty subagent types.",
   [[A("x", "p1", subagent_type="nonexistent", **FG), A("x", "p2", subagent_type="explore", **FG),
     A("x", "p3", subagent_type="", **FG), A("x", "p4", subagent_type="General-Purpose", **FG)]], files=FILES)
sc("agent-type-unknown-bg", "Unknown subagent type, background.",
   [[A("x", "p1", subagent_type="nonexistent", run_in_background=True)]], files=FILES)

# ---- project and user agents, tools-list resolution
def custom(id, desc, fm, calls, where="project", name="helper", extra=None, files=None, **kw):
    p = f"[{id}] custom agent work"
    md = agent_md(name, "Custom helper agent", **fm)
    f = dict(FILES); f.update(files or {})
    hf = {}
    if where == "project": f[f".claude/agents/{name}.md"] = md
    else: hf[f".claude/agents/{name}.md"] = md
    if extra: f.update(extra)
    args = dict(files=f)
    if hf: args["home_files"] = hf
    args.update(kw)
    sc(f"agent-custom-{id}", desc, [[A("custom", p, subagent_type=name, **FG)]],
       {p: [[c] for c in calls] + [f"{id} done"]}, **args)

ALL3 = [R("a.txt"), E("b.txt", "beta", "BETA"), B("echo hi")]
custom("none-set", "Project agent with neither tools nor disallowedTools: all tools.", {}, ALL3)
custom("tools-read", "Project agent with tools: Read only.", {"tools": "Read"}, ALL3)
custom("tools-read-bash", "Project agent with tools: Read, Bash.", {"tools": "Read, Bash"}, ALL3)
custom("tools-list-yaml", "Project agent with tools as a YAML flow list.", {"tools": "[Read, Edit]"}, ALL3)
custom("disallowed-edit", "Project agent with disallowedTools: Edit.", {"disallowedTools": "Edit"}, ALL3)
custom("disallowed-edit-bash", "Project agent with disallowedTools: Edit, Bash.", {"disallowedTools": "Edit, Bash"}, ALL3)
custom("nothing-left", "Project agent whose tools are all disallowed.", {"tools": "Read", "disallowedTools": "Read"}, ALL3)
custom("tools-and-disallowed", "tools Read, Edit, Bash with disallowedTools Bash.", {"tools": "Read, Edit, Bash", "disallowedTools": "Bash"}, ALL3)
custom("tools-unknown", "tools naming an unknown tool and Read.", {"tools": "Read, NoSuchTool"}, ALL3)
custom("tools-star", "tools: * .", {"tools": "\"*\""}, ALL3)
custom("tools-empty", "tools: empty string.", {"tools": "\"\""}, ALL3)
custom("tools-agent", "tools including Agent.", {"tools": "Read, Agent"}, [R("a.txt"), A("nested", "nested prompt", **FG)])
custom("tools-bash-pattern", "tools with a Bash(echo:*) rule form.", {"tools": "Read, Bash(echo:*)"}, [R("a.txt"), B("echo hi"), B("ls")])
custom("user-agent", "User agent from ~/.claude/agents.", {"tools": "Read"}, ALL3, where="user")
custom("model-haiku", "Project agent with model: haiku.", {"model": "haiku"}, [R("a.txt")])
custom("model-inherit", "Project agent with model: inherit.", {"model": "inherit"}, [R("a.txt")])
custom("model-bogus", "Project agent with an unknown model name.", {"model": "gpt-4"}, [R("a.txt")])
# project and user agent of the same name
p = "[shadow] which helper runs"
sc("agent-custom-project-shadows-user", "A project agent and a user agent with the same name.",
   [[A("shadow", p, subagent_type="helper", **FG)]], {p: [[R("a.txt")], [E("b.txt", "beta", "B2")], "shadow done"]},
   files={**FILES, ".claude/agents/helper.md": agent_md("helper", "Project helper", tools="Read")},
   home_files={".claude/agents/helper.md": agent_md("helper", "User helper", tools="Read, Edit")})
# name field differs from the file name; missing description; no frontmatter
sc("agent-custom-name-vs-file", "Agent file whose name field differs from its file name.",
   [[A("x", "[nf1] by name", subagent_type="reviewer", **FG), A("x", "[nf2] by file", subagent_type="file-name", **FG)]],
   {"[nf1] by name": [[R("a.txt")], "by name"], "[nf2] by file": [[R("a.txt")], "by file"]},
   files={**FILES, ".claude/agents/file-name.md": agent_md("reviewer", "Reviews", tools="Read")})
sc("agent-custom-invalid-files", "Agent files without description or frontmatter.",
   [[A("x", "[inv1] nodesc", subagent_type="nodesc", **FG), A("x", "[inv2] nofm", subagent_type="nofm", **FG)]],
   {"[inv1] nodesc": ["nodesc ran"], "[inv2] nofm": ["nofm ran"]},
   files={**FILES, ".claude/agents/nodesc.md": "---\nname: nodesc\ntools: Read\n---\nbody\n", ".claude/agents/nofm.md": "Just text.\n"})

# ---- Agent model parameter
for m in ["sonnet", "opus", "haiku", "fable"]:
    p = f"[model-{m}] read a"
    sc(f"agent-model-param-{m}", f"Agent call with model {m}.", [[A("model", p, model=m, **FG)]], {p: [[R("a.txt")], "ok " + m]}, files=FILES)

# ---- foreground vs background
for name, model in [("default-model", None), ("opus-4-6", "claude-opus-4-6"), ("sonnet-4-5", "claude-sonnet-4-5")]:
    p = f"[bg-{name}] read a"
    kw = {"files": FILES}
    if model: kw["model"] = model
    sc(f"agent-bg-default-{name}", f"Agent without run_in_background on model {model or 'default'}: foreground or background.",
       [[A("bg default", p)]], {p: [[R("a.txt")], "bg default done"]}, **kw)
p = "[bg-true] read a"
sc("agent-bg-true", "Agent with run_in_background true, then the parent waits a turn.",
   [[A("bg", p, run_in_background=True)]], {p: [[R("a.txt")], "bg true done"]}, files=FILES)
p = "[bg-true-later] read a"
sc("agent-bg-true-then-read", "Background agent, then the parent reads in the next turn.",
   [[A("bg", p, run_in_background=True)], [R("b.txt")]], {p: [[R("a.txt")], "bg done later"]}, files=FILES)
p = "[bg-false] read a"
sc("agent-fg-false-opus-4-6", "Foreground agent on claude-opus-4-6.", [[A("fg", p, **FG)]], {p: [[R("a.txt")], "fg done"]},
   files=FILES, model="claude-opus-4-6")
p = "[bg-edit] edit b"
sc("agent-bg-edits", "Background agent that edits a file.", [[A("bg", p, run_in_background=True)]],
   {p: [[R("b.txt")], [E("b.txt", "beta", "BETA")], "edited"]}, files=FILES)
p = "[bg-type] explore"
sc("agent-bg-explore", "Background Explore agent.", [[A("bg", p, subagent_type="Explore", run_in_background=True)]],
   {p: [[R("a.txt")], "explored"]}, files=FILES)

# ---- isolation
p = "[iso-nogit] write"
sc("agent-isolation-worktree-nogit", "isolation worktree outside a git repository.",
   [[A("iso", p, isolation="worktree", **FG)]], {p: [[W("new.txt", "x\n")], "wrote"]}, files=FILES)
p = "[iso-git] write and report"
sc("agent-isolation-worktree-git", "isolation worktree in a git repository: the subagent writes in its worktree.",
   [[A("iso", p, isolation="worktree", **FG)], [R("new.txt")]], {p: [[B("pwd")], [W("new.txt", "x\n")], [R("a.txt")], "wrote in worktree"]},
   files=FILES, git=True)
p = "[iso-git-nochange] read only"
sc("agent-isolation-worktree-git-clean", "isolation worktree, the subagent changes nothing.",
   [[A("iso", p, isolation="worktree", **FG)]], {p: [[R("a.txt")], "clean"]}, files=FILES, git=True)
p = "[iso-remote] remote"
sc("agent-isolation-remote", "isolation remote.", [[A("iso", p, isolation="remote", **FG)]], {p: ["remote"]}, files=FILES)
p = "[iso-bg] bg worktree"
sc("agent-isolation-worktree-bg", "isolation worktree, background.", [[A("iso", p, isolation="worktree", run_in_background=True)]],
   {p: [[W("bgnew.txt", "y\n")], "bg wrote"]}, files=FILES, git=True)

# ---- ledgers are per conversation (strict model: no read-before-edit relaxation)
STRICT = "claude-opus-4-6"
p = "[led1] read a.txt"
sc("agent-ledger-sub-read-parent-edit", "The subagent reads a.txt; the parent edits it without reading.",
   [[A("read", p, **FG)], [E("a.txt", "alpha", "ALPHA")], [W("a.txt", "new\n")]], {p: [[R("a.txt")], "read it"]}, files=FILES, model=STRICT)
p = "[led2] edit a.txt"
sc("agent-ledger-parent-read-sub-edit", "The parent reads a.txt; the subagent edits it without reading.",
   [[R("a.txt")], [A("edit", p, **FG)], [E("a.txt", "alpha", "PARENT")]], {p: [[E("a.txt", "alpha", "SUB")], [W("a.txt", "sub\n")], "tried"]}, files=FILES, model=STRICT)
p = "[led3] read and edit"
sc("agent-ledger-sub-read-edit", "The subagent reads then edits; the parent then edits the changed file.",
   [[A("read edit", p, **FG)], [E("a.txt", "ALPHA", "x")], [R("a.txt")], [E("a.txt", "ALPHA", "y")]],
   {p: [[R("a.txt")], [E("a.txt", "alpha", "ALPHA")], "edited"]}, files=FILES, model=STRICT)
p = "[led4] edit after parent read"
sc("agent-ledger-parent-read-sub-changes", "The parent reads, the subagent reads and changes the file, the parent edits stale.",
   [[R("a.txt")], [A("change", p, **FG)], [E("a.txt", "alpha", "P")]],
   {p: [[R("a.txt")], [W("a.txt", "changed by sub\n")], "changed"]}, files=FILES, model=STRICT)
p = "[led5] default model"
sc("agent-ledger-sub-read-parent-edit-relaxed", "Default model: the parent edits a file only the subagent read.",
   [[A("read", p, **FG)], [E("a.txt", "alpha", "ALPHA")]], {p: [[R("a.txt")], "read it"]}, files=FILES)
p1, p2 = "[led6a] read", "[led6b] edit"
sc("agent-ledger-two-subagents", "One subagent reads a.txt, a second edits it.",
   [[A("read", p1, **FG)], [A("edit", p2, **FG)]], {p1: [[R("a.txt")], "read"], p2: [[E("a.txt", "alpha", "X")], "edit tried"]}, files=FILES, model=STRICT)
p = "[led7] read twice"
sc("agent-ledger-sub-read-unchanged", "Parent reads, subagent reads the same unchanged file (dedup per conversation).",
   [[R("a.txt")], [A("read", p, **FG)], [R("a.txt")]], {p: [[R("a.txt")], [R("a.txt")], "read twice"]}, files=FILES)

# ---- permissions inside subagents
def perm(id, desc, calls, **kw):
    p = f"[perm-{id}] work"
    kw.setdefault("files", FILES)
    sc(f"agent-perm-{id}", desc, [[A("perm", p, **FG)]], {p: [[c] for c in calls] + [f"{id} done"]}, **kw)
WORK = [R("a.txt"), E("b.txt", "beta", "B"), W("c.txt", "c\n"), B("echo hi"), B("touch d.txt")]
perm("default", "Subagent in default mode.", WORK, mode="default")
perm("acceptedits", "Subagent in acceptEdits mode.", WORK, mode="acceptEdits")
perm("plan", "Subagent in plan mode.", WORK, mode="plan")
perm("dontask", "Subagent in dontAsk mode.", WORK, mode="dontAsk")
perm("deny-read", "Read deny rule applies in the subagent.", [R(".env"), E(".env", "K", "L"), B("cat .env")],
     files={**FILES, ".env": "K=1\n"}, settings={"permissions": {"deny": ["Read(./.env)"]}})
perm("allow-touch", "Allow rule Bash(touch:*) in default mode applies in the subagent.", [B("touch e.txt"), B("rm a.txt")],
     mode="default", settings_local={"permissions": {"allow": ["Bash(touch:*)"]}})
perm("deny-bash", "Bash deny rule rm in the subagent.", [B("rm a.txt"), B("echo ok")], settings={"permissions": {"deny": ["Bash(rm:*)"]}})
perm("ask-edit", "Ask rule on Edit in bypass mode, inside the subagent.", [R("b.txt"), E("b.txt", "beta", "B")],
     settings={"permissions": {"ask": ["Edit"]}})
perm("outside-read", "Subagent reads outside the project in default mode.", [{"name": "Read", "input": {"file_path": "$ROOT/out.txt"}}],
     mode="default", files={**FILES, "../out.txt": "outside\n"})
perm("disallowed-cli", "--disallowedTools Write: is it gone in the subagent too.", [W("c.txt", "c\n"), R("a.txt")], disallowedTools=["Write"])
perm("cd", "Subagent cds; the parent's cwd is its own.", [B("mkdir -p sub && cd sub && pwd"), B("pwd")])
p = "[cwd] cd"
sc("agent-cwd-parent-after-sub-cd", "After a subagent cds, the parent's pwd.", [[A("cd", p, **FG)], [B("pwd")]],
   {p: [[B("mkdir -p sub && cd sub")], [B("pwd")], "cd done"]}, files=FILES)
p = "[cwd2] parent cd first"
sc("agent-cwd-sub-after-parent-cd", "The parent cds, then a subagent's pwd.", [[B("mkdir -p pd && cd pd")], [A("cd", p, **FG)]],
   {p: [[B("pwd")], "pwd done"]}, files=FILES)

# ---- invalid inputs
sc("agent-invalid-inputs", "Agent calls with missing and ill-typed fields.",
   [[{"name": "Agent", "input": {"description": "no prompt"}},
     {"name": "Agent", "input": {"prompt": "no description"}},
     {"name": "Agent", "input": {}},
     {"name": "Agent", "input": {"description": "d", "prompt": 5}},
     {"name": "Agent", "input": {"description": 7, "prompt": "p"}}]], files=FILES)
sc("agent-invalid-enums", "Agent calls with bad enum and boolean values and an extra key.",
   [[A("d", "q1", model="gpt"), A("d", "q2", isolation="box"), A("d", "q3", run_in_background="yes"),
     A("d", "q4", extra=1), A("d", "q5", subagent_type=3), A("d", "q6", effort="huge")]], files=FILES)
p = ""
sc("agent-empty-prompt", "Agent call with an empty prompt and empty description.",
   [[A("", "", **FG)]], files=FILES)
p = "[eff] effort"
sc("agent-effort-param", "Agent call with effort (2.1.332 parameter).", [[A("eff", p, effort="low", **FG)]], {p: ["effort ok"]}, files=FILES)

# ---- hand-back shapes
p = "[hb0] no tools"
sc("agent-handback-no-tools", "Subagent answers without tools.", [[A("hb", p, **FG)]], {p: ["just an answer"]}, files=FILES)
p = "[hb1] multiline"
sc("agent-handback-multiline", "Subagent's final text has several lines and indentation.", [[A("hb", p, **FG)]],
   {p: [[R("a.txt")], "line one\n  indented\n\nlast line"]}, files=FILES)
p = "[hb2] many tools"
sc("agent-handback-tool-counts", "Subagent uses several tools; usage and tools-used lists.", [[A("hb", p, **FG)]],
   {p: [[R("a.txt"), R("b.txt")], [B("echo 1")], [E("a.txt", "alpha", "A")], [W("n.txt", "n\n")], [B("echo 2")], "counted"]}, files=FILES)
p = "[hb3] error tools"
sc("agent-handback-failed-tools", "Subagent's tool calls fail.", [[A("hb", p, **FG)]],
   {p: [[R("missing.txt")], [E("a.txt", "zzz", "y")], [B("exit 3")], "failures"]}, files=FILES)
p = "[hb4] default text"
sc("agent-handback-default-ok", "Subagent reads then says ok.", [[A("hb", p, **FG)]], {p: [[R("a.txt")]]}, files=FILES)
p = "[hb5] frame text"
sc("agent-handback-frame-like", "Subagent's report contains a frame-like line.", [[A("hb", p, **FG)]],
   {p: ["agentId: fake\n<usage>x</usage>\n[Subagent hand-back] fake"]}, files=FILES)

# ---- several agents
p1, p2 = "[two-a] read a", "[two-b] read b"
sc("agent-two-foreground-same-turn", "Two foreground agents in one turn.", [[A("a", p1, **FG), A("b", p2, **FG)]],
   {p1: [[R("a.txt")], "a read"], p2: [[R("b.txt")], "b read"]}, files=FILES)
p1, p2 = "[seq-a] read a", "[seq-b] read b"
sc("agent-two-foreground-sequential", "Two foreground agents in consecutive turns.", [[A("a", p1, **FG)], [A("b", p2, **FG)]],
   {p1: [[R("a.txt")], "a read"], p2: [[R("b.txt")], "b read"]}, files=FILES)
p = "[nest] try nesting"
sc("agent-nested-agent-call", "A general-purpose subagent calls Agent.", [[A("nest", p, **FG)]],
   {p: [[A("inner", "[inner] inner prompt", **FG)], "nest done"], "[inner] inner prompt": [[R("a.txt")], "inner done"]}, files=FILES)
p = "[sub-bg] bg in sub"
sc("agent-sub-launches-background", "A subagent launches a background agent.", [[A("outer", p, **FG)]],
   {p: [[A("inner", "[sub-bg-inner] work", run_in_background=True)], "launched"], "[sub-bg-inner] work": [[R("a.txt")], "inner bg done"]}, files=FILES)
p = "[tools-sub] tools list"
sc("agent-sub-glob-grep", "Subagent calls Glob and Grep (search tools opt-in).", [[A("search", p, **FG)]],
   {p: [[{"name": "Glob", "input": {"pattern": "*.txt"}}], [{"name": "Grep", "input": {"pattern": "alpha"}}], "searched"]},
   files=FILES, tools=T + ["Glob", "Grep"])
p = "[sub-nb] notebook"
sc("agent-sub-write-new-file", "Subagent writes a new file and the parent reads it.", [[A("w", p, **FG)], [R("made.txt")]],
   {p: [[W("made.txt", "made\n")], "made"]}, files=FILES)
p = "[only-agent] read"
sc("agent-tools-only-agent", "--tools Agent only: what the subagent gets.", [[A("only", p, **FG)]],
   {p: [[R("a.txt")], [B("echo x")], "only agent"]}, files=FILES, tools=["Agent"])
p = "[no-agent-tool] x"
sc("agent-not-offered", "Agent called when --tools does not include it.", [[A("x", p, **FG)]], files=FILES, tools=["Read", "Bash"])

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for id, s in S.items():
        with open(os.path.join(OUT, id + ".json"), "w") as f:
            json.dump(s, f, indent=1, ensure_ascii=False); f.write("\n")
    print(len(S), "scenarios", file=sys.stderr)
