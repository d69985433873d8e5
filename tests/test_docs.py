"""The documentation holds together: every link in README.md and docs/*.md leads to a file that
exists and, with an `#anchor`, to a heading there (in GitHub's slug form); every pointer in the
code to a section of docs/ names one that exists; and a newcomer reaches every page from the
README, which opens with the two commands."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"\[(?P<text>[^\]\n]*)\]\((?P<target>[^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(?P<text>.+?)\s*#*\s*$", re.MULTILINE)
POINTER = re.compile(r'(?P<file>docs/[\w.-]+\.md)(?:,\s*(?:#\s*)?"(?P<section>[^"]+)")?')


def prose(markdown: str) -> str:
    """The text outside code blocks and code spans, where links and headings are."""
    return CODE_SPAN.sub("", FENCE.sub("", markdown))


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: markup dropped, lower case, punctuation removed,
    spaces turned to hyphens.

    >>> slug("The socket's messages")
    'the-sockets-messages'
    >>> slug("`damero serve` and PostgreSQL, step 2")
    'damero-serve-and-postgresql-step-2'
    """
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"[`*]", "", text).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of `path`'s headings; a repeated heading's get -1, -2, ... as on GitHub."""
    seen: Counter[str] = Counter()
    found = set()
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    for match in HEADING.finditer(text):
        base = slug(match["text"])
        found.add(base if not seen[base] else f"{base}-{seen[base]}")
        seen[base] += 1
    return found


def links(path: Path) -> list[str]:
    return [match["target"] for match in LINK.finditer(prose(path.read_text(encoding="utf-8")))]


def is_external(target: str) -> bool:
    return re.match(r"[a-z][a-z0-9+.-]*:", target) is not None


def broken(source: Path, target: str) -> str | None:
    """Why the link `target` in `source` leads nowhere, or None if it leads somewhere."""
    path_text, _, anchor = target.partition("#")
    path = (source.parent / path_text).resolve() if path_text else source
    if not path.exists():
        return "no such file"
    if anchor and (path.suffix != ".md" or anchor not in anchors(path)):
        return f"no heading #{anchor} in {path.relative_to(ROOT)}"
    return None


def test_every_link_in_the_docs_leads_somewhere() -> None:
    wrong = [
        f"{source.relative_to(ROOT)}: ({target}): {why}"
        for source in DOCS
        for target in links(source)
        if not is_external(target) and (why := broken(source, target)) is not None
    ]
    assert not wrong, "\n".join(wrong)


def test_every_pointer_in_the_code_names_a_section_that_exists() -> None:
    wrong = []
    for directory in ("src", "tests", "benchmarks"):
        for path in sorted((ROOT / directory).rglob("*.py")):
            for match in POINTER.finditer(path.read_text(encoding="utf-8")):
                target = ROOT / match["file"]
                section = match["section"]
                if not target.exists():
                    wrong.append(f"{path.relative_to(ROOT)}: no {match['file']}")
                elif section is not None:
                    words = " ".join(section.replace("#", " ").split())
                    if slug(words) not in anchors(target):
                        wrong.append(f"{path.relative_to(ROOT)}: no {words!r} in {match['file']}")
    assert not wrong, "\n".join(wrong)


def test_every_page_of_the_docs_is_reached_from_the_readme() -> None:
    reached, waiting = set(), [ROOT / "README.md"]
    while waiting:
        page = waiting.pop()
        reached.add(page)
        for target in links(page):
            path_text = target.partition("#")[0]
            if is_external(target) or not path_text.endswith(".md"):
                continue
            found = (page.parent / path_text).resolve()
            if found.exists() and found not in reached:
                waiting.append(found)
    assert set(DOCS) <= reached, sorted(str(p.relative_to(ROOT)) for p in set(DOCS) - reached)


def test_the_readme_opens_with_the_two_commands() -> None:
    first_block = FENCE.search((ROOT / "README.md").read_text(encoding="utf-8"))
    assert first_block is not None
    commands = [line.split("#")[0].strip() for line in first_block.group().splitlines()[1:-1]]
    assert commands == ["make play", "make test"]


def test_a_newcomer_goes_from_the_readme_to_the_design_and_on_to_one_game_s_code() -> None:
    """The path the README promises: its two commands, then docs/DESIGN.md, then the rules module
    every game copies and its game's package, each a link that leads somewhere."""
    readme, design = ROOT / "README.md", ROOT / "docs" / "DESIGN.md"
    assert "docs/DESIGN.md" in links(readme)
    code = [target for target in links(design) if target.startswith("../src/damero/")]
    assert any(re.fullmatch(r"\.\./src/damero/rules/\w+\.py", target) for target in code), code
    assert any(re.fullmatch(r"\.\./src/damero/games/\w+/", target) for target in code), code
    assert all(broken(design, target) is None for target in code)
