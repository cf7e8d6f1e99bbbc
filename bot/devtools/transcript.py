"""A readable transcript of what the fake Discord received: thread posts, DMs, private answers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .fakediscord import FakeDiscord


class Transcript:
    """Turns recorded REST calls into lines, and saves the images they carried."""

    def __init__(self, fd: FakeDiscord, out_dir: Path | None) -> None:
        self.fd = fd
        self.out_dir = out_dir
        self.images: list[Path] = []
        self._seen = 0
        self._ephemeral: set[str] = set()

    def _who(self, token: str) -> str:
        record = self.fd.world.interactions_by_token.get(token)
        return record.user.get("global_name") or record.user["username"] if record else "?"

    def _on_ephemeral_message(self, token: str) -> bool:
        """A click on an ephemeral menu: its deferred update edits a private message."""
        record = self.fd.world.interactions_by_token.get(token)
        message = self.fd.message(record.message_id) if record and record.message_id else None
        return bool(message and (message.get("flags") or 0) & 64)

    def new_lines(self) -> list[str]:
        out = []
        calls = self.fd.calls[self._seen :]
        self._seen = len(self.fd.calls)
        for call in calls:
            line = self._line(call)
            if line:
                out.append(line)
        return out

    def _line(self, call: Any) -> str | None:
        if call.method not in ("POST", "PATCH") or not isinstance(call.json, dict | list):
            return None
        body = call.json if isinstance(call.json, dict) else {}
        where = None
        m = re.fullmatch(r"/channels/(\d+)/messages(?:/\d+)?", call.path)
        if m:
            channel = self.fd.channels.get(int(m.group(1)), {})
            if channel.get("type") == 1:
                recipient = (channel.get("recipients") or [{}])[0]
                where = f"MP → {recipient.get('global_name') or recipient.get('username', '?')}"
            else:
                where = f"#{channel.get('name', '?')}" + (" (édition)" if call.method == "PATCH" else "")
        token_match = re.match(r"/(?:interactions/\d+|webhooks/\d+)/([^/]+)", call.path)
        if where is None and token_match:
            token = token_match.group(1)
            data = body.get("data", body) if "type" in body else body
            if not isinstance(data, dict):
                return None
            if (data.get("flags") or 0) & 64 or self._on_ephemeral_message(token):
                self._ephemeral.add(token)
            private = token in self._ephemeral
            where = f"éphémère → {self._who(token)}" if private else "réponse publique"
            body = data
        if where is None:
            return None
        text = (body.get("content") or "").strip()
        for embed in body.get("embeds") or []:
            title = embed.get("title")
            desc = (embed.get("description") or "").strip()
            text += ("\n" if text else "") + f"[{title}] {desc}".strip()
            for field in embed.get("fields") or []:
                text += f"\n  {field['name']}: {field['value']}"
        for f in call.files:
            text += ("\n" if text else "") + f"📎 {self._save(f)}"
        buttons = [
            c.get("label")
            for row in body.get("components") or []
            for c in row.get("components") or []
            if c.get("label")
        ]
        if buttons:
            text += ("\n" if text else "") + "[" + "] [".join(buttons) + "]"
        if not text:
            return None
        indent = "\n    "
        return f"[{where}] " + text.replace("\n", indent)

    def _save(self, f: Any) -> str:
        if self.out_dir is None or not f.filename.endswith(".png"):
            return f.filename
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / f"{len(self.images) + 1:03d}-{f.filename}"
        path.write_bytes(f.data)
        self.images.append(path)
        return str(path)
