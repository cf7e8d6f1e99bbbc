"""`/partie` (EN `/match`): create, join, leave, start, show, concede, cancel, log, my matches, advice."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import games, txt
from bot.i18n import t
from bot.services import ServiceError
from bot.services.timers import parse_clock, parse_duration, parse_remind

from . import presenters as p
from .answers import Answering, say
from .fairness import fairness_text, post_reader
from .host import Host, is_manager, player_of
from .i18n import ls
from .judge import JudgeDesk
from .threads import new_thread, open_thread, parent_channel

log = logging.getLogger("tavernier.cogs.match")


#: What the bot needs in the channel where a match is created (README, "Creating the Discord application").
NEEDED = (
    "view_channel",
    "send_messages",
    "create_public_threads",
    "send_messages_in_threads",
    "embed_links",
    "attach_files",
    "read_message_history",
)


def require_permissions(interaction: discord.Interaction) -> None:
    """Refuse before anything is created, naming the permissions the bot lacks in this channel."""
    perms = interaction.app_permissions
    missing = [name for name in NEEDED if not getattr(perms, name, False)]
    if missing:
        raise ServiceError("missing_permissions", missing=[txt(f"perm.{name}") for name in missing])


def deck_options(deck: str | None) -> dict[str, Any] | None:
    """`deck:` is a prebuilt deck id, or a whole list with entries separated by `;` (an option has no
    newlines), given to the game as one entry per line."""
    if not deck:
        return None
    if ";" in deck or "\n" in deck:
        return {"decklist": "\n".join(part.strip() for part in deck.replace(";", "\n").splitlines() if part.strip())}
    return {"deck": deck.strip()}


def scenario_options(game: str, scenario: str | None) -> dict[str, Any]:
    """`scenario:` of `/partie nouvelle`, given to the game's options (its `validate_options` reads it);
    refused for a game that has no scenarios to choose."""
    if not scenario:
        return {}
    known = {g.key: g for g in games()}
    if game in known and not known[game].scenarios("", "fr"):
        raise ServiceError("no_scenario", game=txt(f"{game}.name"))
    return {"scenario": scenario}


def game_choices(locale: str, current: str) -> list[app_commands.Choice[str]]:
    """The games whose name (in the player's language) or key contains what they typed."""
    needle = current.casefold()
    out = []
    for g in games():
        name = p.game_name(g.key, locale)
        if needle in name.casefold() or needle in g.key:
            out.append(app_commands.Choice(name=name[:100], value=g.key))
    return out[:25]


def awaited_since(rec: Any, seat: int) -> float | None:
    """When the game began waiting for this seat (None: it does not wait for it)."""
    if seat not in rec.to_act or rec.status != "active":
        return None
    timer = ((rec.timers or {}).get("seats") or {}).get(str(seat)) or {}
    return float(timer.get("waiting_since") or rec.updated_at)


def waiting_first(mine: list[tuple[Any, int]]) -> list[tuple[Any, int]]:
    """The matches waiting for this player first, longest wait first; then the others, latest first."""

    def key(item: tuple[Any, int]) -> tuple[int, float]:
        since = awaited_since(*item)
        return (0, since) if since is not None else (1, -item[0].updated_at)

    return sorted(mine, key=key)


def mine_line(rec: Any, seat: int, locale: str) -> str:
    since = awaited_since(rec, seat)
    return t(
        "mine.waiting" if since is not None else "mine.line",
        locale,
        game=p.game_name(rec.game, locale),
        id=rec.id,
        link=p.thread_link(rec),
        status=t(f"status.{rec.status}", locale),
        since=f"<t:{int(since or 0)}:R>",
    )


def time_options(remind: str | None, clock: str | None, timeout: str | None) -> dict[str, Any]:
    """`rappel:`, `pendule:` and `temps_ecoule:` of `/partie nouvelle`, checked before anything is created."""
    out: dict[str, Any] = {}
    if remind:
        out["remind_after"] = out["remind_every"] = parse_remind(remind)
    if clock:
        out["clock"], out["increment"] = parse_clock(clock)
    if timeout:
        out["on_timeout"] = timeout
    return out


class MatchCog(commands.Cog):
    """Lobby and match management, common to every game."""

    partie = app_commands.Group(
        name=ls("partie", "cmd.partie.name"), description=ls("Gérer les parties", "cmd.partie.desc"), guild_only=True
    )

    def __init__(self, bot: commands.Bot, host: Host) -> None:
        self.bot = bot
        self.host = host

    # -- create -----------------------------------------------------------------------------------
    @partie.command(name=ls("nouvelle", "cmd.nouvelle.name"), description=ls("Créer une partie", "cmd.nouvelle.desc"))
    @app_commands.rename(
        game=ls("jeu", "opt.jeu.name"),
        opponent=ls("adversaire", "opt.adversaire.name"),
        ai=ls("ia", "opt.ia.name"),
        level=ls("niveau", "opt.niveau.name"),
        deck=ls("deck", "opt.deck.name"),
        language=ls("langue", "opt.langue.name"),
        remind=ls("rappel", "opt.rappel.name"),
        clock=ls("pendule", "opt.pendule.name"),
        timeout=ls("temps_ecoule", "opt.temps_ecoule.name"),
        advice=ls("conseil", "opt.conseil.name"),
        scenario=ls("scenario", "opt.scenario.name"),
    )
    @app_commands.describe(
        game=ls("Le jeu à lancer", "opt.jeu.desc"),
        opponent=ls("Le membre à inviter", "opt.adversaire.desc"),
        ai=ls("Jouer contre l'IA", "opt.ia.desc"),
        level=ls("Le niveau de l'IA (par défaut : normal)", "opt.niveau.desc"),
        deck=ls("Votre deck (selon le jeu)", "opt.deck.desc"),
        language=ls("La langue des messages publics de la partie (par défaut : la vôtre)", "opt.langue.desc"),
        remind=ls("Rappeler un joueur attendu après… puis à chaque fois (par défaut : 24h)", "opt.rappel.desc"),
        clock=ls("Temps de réflexion par joueur, plus un bonus par tour (ex. : 3j+1j)", "opt.pendule.desc"),
        timeout=ls("Quand une pendule tombe (par défaut : la partie est perdue)", "opt.temps_ecoule.desc"),
        advice=ls(
            "Autoriser les conseils de l'IA (la partie ne compte plus au classement si on en demande)",
            "opt.conseil.desc",
        ),
        scenario=ls("Le plan de bataille, selon le jeu (par défaut : au hasard)", "opt.scenario.desc"),
    )
    @app_commands.choices(
        language=[
            app_commands.Choice(name=ls("Français", "choice.lang.fr"), value="fr"),
            app_commands.Choice(name=ls("Anglais", "choice.lang.en"), value="en"),
        ],
        level=[
            app_commands.Choice(name=ls("Facile : joue le meilleur coup immédiat", "choice.level.easy"), value="easy"),
            app_commands.Choice(name=ls("Normal : réfléchit à votre réponse", "choice.level.normal"), value="normal"),
            app_commands.Choice(name=ls("Difficile : réfléchit plus longtemps", "choice.level.hard"), value="hard"),
        ],
        timeout=[
            app_commands.Choice(name=ls("Le joueur perd la partie", "choice.timeout.lose"), value="lose"),
            app_commands.Choice(name=ls("L'IA prend sa place", "choice.timeout.ai"), value="ai"),
        ],
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        opponent: discord.Member | None = None,
        ai: bool = False,
        level: str | None = None,
        deck: str | None = None,
        language: str | None = None,
        remind: str | None = None,
        clock: str | None = None,
        timeout: str | None = None,
        advice: bool = False,
        scenario: str | None = None,
    ) -> None:
        host = self.host
        locale = host.locales.user(interaction)
        # A match speaks the language its creator chose (their own by default), never the server's
        # default, which is English on most servers that are not Community servers.
        match_locale = language or locale
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            channel = await parent_channel(interaction)
            require_permissions(interaction)
            timers = time_options(remind, clock, timeout)
            options = scenario_options(game, scenario)
            live = await host.service.create(
                game_key=game,
                creator=player_of(interaction, locale),
                guild_id=interaction.guild_id,
                channel_id=channel.id,
                options=options,
                seat_options=deck_options(deck),
                locale=match_locale,
                timers=timers,
                ai_level=level or "normal",  # a solo game's AI sits at once
                advice=advice,
            )
            thread = await open_thread(self.host, interaction, live, channel, match_locale)
            if (ai or level is not None) and not live.game.solo:  # a level asks for the AI
                await host.service.add_ai(live.id, interaction.user.id, level=level or "normal")
            if opponent is not None and opponent.id != interaction.user.id:
                await host.post(
                    thread,
                    thread.id,
                    content=t("lobby.invite", match_locale, who=opponent.mention, host=interaction.user.mention),
                    allowed_mentions=p.only([opponent.id]),
                )
            await host.lobby.probe_dm(live, interaction.user, locale)
            await host.say(interaction, t("match.created", locale, thread=thread.mention, id=live.id))
        except Exception as exc:
            await host.fail(interaction, exc)

    @new.autocomplete("game")
    async def _game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return game_choices(self.host.locales.user(interaction), current)

    @new.autocomplete("scenario")
    async def _scenario_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The battleplans of the game chosen in `jeu:` (none until a game with some is chosen)."""
        ns = interaction.namespace
        key = getattr(ns, "jeu", None) or getattr(ns, "game", None)
        known = {g.key: g for g in games()}
        if key not in known:
            return []
        pairs = known[key].scenarios(current, self.host.locales.user(interaction))
        return [app_commands.Choice(name=name[:100], value=value[:100]) for name, value in pairs][:25]

    # -- lobby ------------------------------------------------------------------------------------
    @partie.command(
        name=ls("rejoindre", "cmd.rejoindre.name"),
        description=ls("Rejoindre la partie de ce fil", "cmd.rejoindre.desc"),
    )
    @app_commands.rename(deck=ls("deck", "opt.deck.name"))
    @app_commands.describe(deck=ls("Votre deck (selon le jeu)", "opt.deck.desc"))
    async def join(self, interaction: discord.Interaction, deck: str | None = None) -> None:
        try:
            live = await self.host.match_here(interaction)
        except Exception as exc:
            await self.host.fail(interaction, exc)
            return
        await self.host.lobby.join(interaction, live.id, deck_options(deck))

    @partie.command(
        name=ls("quitter", "cmd.quitter.name"), description=ls("Quitter le salon d'attente", "cmd.quitter.desc")
    )
    async def leave(self, interaction: discord.Interaction) -> None:
        host = self.host
        try:
            live = await host.match_here(interaction)
            await host.service.leave(live.id, interaction.user.id)
            await host.say(interaction, t("lobby.left", host.locales.user(interaction)))
        except Exception as exc:
            await host.fail(interaction, exc)

    @partie.command(
        name=ls("lancer", "cmd.lancer.name"), description=ls("Lancer la partie de ce fil", "cmd.lancer.desc")
    )
    async def start(self, interaction: discord.Interaction) -> None:
        try:
            live = await self.host.match_here(interaction)
        except Exception as exc:
            await self.host.fail(interaction, exc)
            return
        await self.host.lobby.start(interaction, live.id)

    # -- during the match -------------------------------------------------------------------------
    @partie.command(name=ls("etat", "cmd.etat.name"), description=ls("Afficher à nouveau le plateau", "cmd.etat.desc"))
    async def state(self, interaction: discord.Interaction) -> None:
        host = self.host
        try:
            live = await host.match_here(interaction)
            if live.state is None:
                raise ServiceError("match_not_active")
            await interaction.response.defer(thinking=True)
            locale = live.rec.locale  # a public post of the match: the match's language
            file, summary = await host.boards.board_file(live, None, locale)
            kwargs: dict[str, Any] = {"embed": host.boards.board_embed(live, summary, locale), "file": file}
            if live.rec.status == "active":
                kwargs["view"] = p.play_buttons(live, locale)
            await interaction.followup.send(
                p.mention_line(live, locale) or "", allowed_mentions=discord.AllowedMentions.none(), **kwargs
            )
            seat = live.seat_of(interaction.user.id)
            if seat is not None:  # what happened since their last move, to them alone (public lines only)
                news = await host.boards.public_log(live, host.locales.user(interaction), since_seat=seat.seat)
                if news:
                    await interaction.followup.send(
                        p.clip("\n".join([t("dm.news", host.locales.user(interaction)), *news[-10:]])),
                        ephemeral=True,
                    )
        except Exception as exc:
            await host.fail(interaction, exc)

    @partie.command(name=ls("jouer", "cmd.jouer.name"), description=ls("Jouer un coup", "cmd.jouer.desc"))
    @app_commands.rename(move=ls("coup", "opt.coup.name"))
    @app_commands.describe(move=ls("Le coup à jouer (choisissez dans la liste)", "opt.coup.desc"))
    async def play(self, interaction: discord.Interaction, move: str) -> None:
        """The generic way to play any legal move, for games or prompts without a dedicated command."""
        try:
            live = await self.host.match_here(interaction)
        except Exception as exc:
            await self.host.fail(interaction, exc)
            return
        await self.host.moves.act_typed(interaction, live, move)

    @play.autocomplete("move")
    async def _move_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        live = await self.host.service.by_thread(interaction.channel_id) if interaction.channel_id else None
        if live is None or live.state is None:
            return []
        return [
            app_commands.Choice(name=n, value=v) for n, v in self.host.moves.autocomplete(interaction, live, current)
        ]

    @partie.command(
        name=ls("abandonner", "cmd.abandonner.name"), description=ls("Abandonner la partie", "cmd.abandonner.desc")
    )
    async def concede(self, interaction: discord.Interaction) -> None:
        host = self.host
        match_id = None
        try:
            live = await host.match_here(interaction)
            match_id = live.id
            await interaction.response.defer(ephemeral=True, thinking=True)
            await host.service.concede(live.id, interaction.user.id)
            await host.say(interaction, t("match.conceded", host.locales.user(interaction)))
        except Exception as exc:
            await host.fail(interaction, exc, match_id)

    @partie.command(
        name=ls("rappel", "cmd.rappel.name"),
        description=ls("Rappeler à l'adversaire que la partie attend son coup", "cmd.rappel.desc"),
    )
    async def nudge(self, interaction: discord.Interaction) -> None:
        async with Answering(self.host, interaction) as a:
            live = await self.host.match_here(interaction)
            a.match_id = live.id
            seats = await self.host.service.nudge(live.id, interaction.user.id)
            await say(interaction, a.t("nudge.done", who=", ".join(p.safe_name(live.seat_name(s)) for s in seats)))

    @partie.command(
        name=ls("absence", "cmd.absence.name"),
        description=ls("S'absenter : pendule et rappels en pause, ou l'IA joue pour vous", "cmd.absence.desc"),
    )
    @app_commands.rename(duration=ls("duree", "opt.duree.name"), ai=ls("ia", "opt.ia.name"))
    @app_commands.describe(
        duration=ls("Combien de temps (ex. : 3j, 12h ; 0 pour annoncer votre retour)", "opt.duree.desc"),
        ai=ls("L'IA joue à votre place pendant l'absence", "opt.absence_ia.desc"),
    )
    async def away(self, interaction: discord.Interaction, duration: str, ai: bool = False) -> None:
        async with Answering(self.host, interaction) as a:
            live = await self.host.match_here(interaction)
            a.match_id = live.id
            seconds = 0.0 if duration.strip() == "0" else parse_duration(duration)
            until = await self.host.service.go_away(live.id, interaction.user.id, seconds, ai=ai)
            await say(interaction, a.t("absence.done", until=f"<t:{int(until)}:f>") if seconds else a.t("absence.back"))

    @partie.command(
        name=ls("reprendre", "cmd.reprendre.name"),
        description=ls("Demander à reprendre votre dernier coup", "cmd.reprendre.desc"),
    )
    async def take_back(self, interaction: discord.Interaction) -> None:
        await self.host.undo.ask(interaction)

    @partie.command(
        name=ls("revoir", "cmd.revoir.name"),
        description=ls("Revoir une partie terminée coup par coup", "cmd.revoir.desc"),
    )
    @app_commands.rename(match_id=ls("partie", "opt.partie.name"))
    @app_commands.describe(match_id=ls("L'identifiant de la partie, hors de son fil", "opt.partie.desc"))
    async def review(self, interaction: discord.Interaction, match_id: str | None = None) -> None:
        try:
            target = await self._match_id(interaction, match_id)
        except Exception as exc:
            await self.host.fail(interaction, exc)
            return
        await self.host.review.show(interaction, target, 0, edit=False)

    @partie.command(
        name=ls("essayer", "cmd.essayer.name"),
        description=ls("Rejouer contre l'IA à partir d'un coup d'une partie terminée", "cmd.essayer.desc"),
    )
    @app_commands.rename(match_id=ls("partie", "opt.partie.name"), step=ls("coup", "opt.coup_numero.name"))
    @app_commands.describe(
        match_id=ls("L'identifiant de la partie, hors de son fil", "opt.partie.desc"),
        step=ls("Le numéro du coup (voir /partie revoir)", "opt.coup_numero.desc"),
    )
    async def try_line(
        self,
        interaction: discord.Interaction,
        step: app_commands.Range[int, 0, 100_000],
        match_id: str | None = None,
    ) -> None:
        try:
            target = await self._match_id(interaction, match_id)
        except Exception as exc:
            await self.host.fail(interaction, exc)
            return
        await self.host.review.try_from(interaction, target, step)

    @partie.command(
        name=ls("annuler", "cmd.annuler.name"),
        description=ls("Annuler la partie (créateur ou modération)", "cmd.annuler.desc"),
    )
    @app_commands.rename(match_id=ls("partie", "opt.partie.name"))
    @app_commands.describe(match_id=ls("L'identifiant de la partie, hors de son fil", "opt.partie.desc"))
    async def cancel(self, interaction: discord.Interaction, match_id: str | None = None) -> None:
        """In the match's thread, or anywhere with `partie:<id>` (a thread deleted, a broken match)."""
        host = self.host
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            target = await self._match_id(interaction, match_id)
            await host.service.cancel(
                target, interaction.user.id, guild_id=interaction.guild_id, is_manager=is_manager(interaction)
            )
            await host.say(interaction, t("match.cancelled_ok", host.locales.user(interaction)))
        except Exception as exc:
            await host.fail(interaction, exc)

    async def _match_id(self, interaction: discord.Interaction, given: str | None) -> str:
        """The match a `partie:` option names, past the Host's gate (another server's is not found);
        without it, the match of this thread."""
        if given:
            wanted = given.strip().lstrip("`").rstrip("`").lower()
            if not re.fullmatch(r"[0-9a-f]{8}", wanted):
                raise ServiceError("match_not_found", match=p.clean_text(given, 20))
            await self.host.match_for(interaction, wanted)
            return wanted
        return (await self.host.match_here(interaction)).id

    @partie.command(
        name=ls("deplacer", "cmd.deplacer.name"),
        description=ls("Reprendre une partie dans un nouveau fil de ce salon", "cmd.deplacer.desc"),
    )
    @app_commands.rename(match_id=ls("partie", "opt.partie.name"))
    @app_commands.describe(match_id=ls("L'identifiant de la partie", "opt.partie.desc"))
    async def move(self, interaction: discord.Interaction, match_id: str) -> None:
        """A player or a moderator resumes a match whose thread was deleted or locked, in a new thread."""
        host = self.host
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            target = await self._match_id(interaction, match_id)
            channel = await parent_channel(interaction)
            require_permissions(interaction)
            live = await host.service.get(target)
            manager = is_manager(interaction)
            if not manager and live.seat_of(interaction.user.id) is None:
                raise ServiceError("not_allowed")
            locale = live.rec.locale
            thread, lobby = await new_thread(host, interaction, live, channel, locale)
            await host.service.move_thread(target, interaction.user.id, thread.id, lobby.id, is_manager=manager)
            if live.state is not None:
                file, summary = await host.boards.board_file(live, None, locale)
                line, pinged = p.mention(live, locale)
                await host.post(
                    thread,
                    thread.id,
                    content=line or "",
                    embed=host.boards.board_embed(live, summary, locale),
                    file=file,
                    view=p.play_buttons(live, locale) if live.rec.status == "active" else discord.utils.MISSING,
                    allowed_mentions=p.only(pinged),
                )
            await host.say(interaction, t("match.moved", host.locales.user(interaction), thread=thread.mention))
        except Exception as exc:
            await host.fail(interaction, exc)

    @partie.command(
        name=ls("verifier", "cmd.verifier.name"),
        description=ls("Vérifier les empreintes d'une partie terminée", "cmd.verifier.desc"),
    )
    @app_commands.rename(match_id=ls("partie", "opt.partie.name"))
    @app_commands.describe(match_id=ls("L'identifiant de la partie, hors de son fil", "opt.partie.desc"))
    async def verify(self, interaction: discord.Interaction, match_id: str | None = None) -> None:
        """Recompute every commitment of a finished match, and its log against what the thread was shown."""
        host = self.host
        locale = host.locales.user(interaction)
        try:
            await interaction.response.defer(thinking=True)
            target = await self._match_id(interaction, match_id)
            report = await host.service.fairness(target, post_reader(host.bot))
            text = fairness_text(report, await host.service.get(target), locale)
            await host.say(interaction, p.clip(text), ephemeral=False, allowed_mentions=p.NO_MENTIONS)
        except Exception as exc:
            await host.fail(interaction, exc)

    @partie.command(
        name=ls("journal", "cmd.journal.name"), description=ls("Le journal public de la partie", "cmd.journal.desc")
    )
    async def journal(self, interaction: discord.Interaction) -> None:
        try:
            live = await self.host.match_here(interaction)
        except Exception as exc:
            await self.host.fail(interaction, exc)
            return
        await self.host.boards.journal(interaction, live.id, 0)

    @partie.command(
        name=ls("exporter", "cmd.exporter.name"),
        description=ls("Le journal de la partie en fichier", "cmd.exporter.desc"),
    )
    @app_commands.rename(match_id=ls("partie", "opt.partie.name"))
    @app_commands.describe(match_id=ls("L'identifiant de la partie, hors de son fil", "opt.partie.desc"))
    async def export(self, interaction: discord.Interaction, match_id: str | None = None) -> None:
        """The log as a file, to keep or share a match (#31): the public lines while it is played, the whole
        log with what was hidden once it is finished."""
        host = self.host
        locale = host.locales.user(interaction)
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            live = await host.service.get(await self._match_id(interaction, match_id))
            await interaction.followup.send(
                t("export.done", locale), file=await host.boards.log_file(live, locale), ephemeral=True
            )
        except Exception as exc:
            await host.fail(interaction, exc)

    @partie.command(
        name=ls("mes-parties", "cmd.mes_parties.name"),
        description=ls("Vos parties en cours sur ce serveur", "cmd.mes_parties.desc"),
    )
    async def mine(self, interaction: discord.Interaction) -> None:
        host = self.host
        locale = host.locales.user(interaction)
        try:
            records = await host.service.matches_of(interaction.user.id, interaction.guild_id)
            lines = [mine_line(rec, seat, locale) for rec, seat in waiting_first(records)][:20]
            text = t("mine.title", locale, n=len(records)) + "\n" + ("\n".join(lines) or t("mine.none", locale))
            await host.say(interaction, text)
        except Exception as exc:
            await host.fail(interaction, exc)

    @partie.command(
        name=ls("conseil", "cmd.conseil.name"),
        description=ls("Demander à l'IA quel coup jouer, et pourquoi", "cmd.conseil.desc"),
    )
    async def advice(self, interaction: discord.Interaction) -> None:
        """The AI's move for the asker, and why, to them alone (cogs/advice.py)."""
        try:
            live = await self.host.match_here(interaction)
        except Exception as exc:
            await self.host.fail(interaction, exc)
            return
        await self.host.advice.ask(interaction, live.id)

    # -- a judge (#31) ------------------------------------------------------------------------------
    @partie.command(
        name=ls("arbitre", "cmd.arbitre.name"),
        description=ls("Appeler un arbitre du serveur sur cette partie", "cmd.arbitre.desc"),
    )
    @app_commands.rename(reason=ls("raison", "opt.raison.name"))
    @app_commands.describe(reason=ls("Ce que l'arbitre doit trancher", "opt.raison.desc"))
    async def call_judge(self, interaction: discord.Interaction, reason: app_commands.Range[str, 1, 300]) -> None:
        await JudgeDesk(self.host).call(interaction, reason)

    @partie.command(
        name=ls("trancher", "cmd.trancher.name"),
        description=ls("Arbitre : pendule en pause, décision au journal, retour à un coup", "cmd.trancher.desc"),
    )
    @app_commands.rename(
        action=ls("action", "opt.action.name"),
        text=ls("texte", "opt.texte.name"),
        step=ls("coup", "opt.coup_numero.name"),
        chance=ls("hasard", "opt.hasard.name"),
    )
    @app_commands.describe(
        action=ls("Ce que vous faites en tant qu'arbitre", "opt.action.desc"),
        text=ls("Votre décision, telle qu'elle sera écrite au journal", "opt.texte.desc"),
        step=ls("Le coup où revenir (son numéro dans /partie journal)", "opt.coup_retour.desc"),
        chance=ls("Après un retour : le hasard déjà tiré depuis ce coup", "opt.hasard.desc"),
    )
    @app_commands.choices(
        action=[
            app_commands.Choice(name=ls("Mettre la pendule en pause", "choice.judge.pause"), value="pause"),
            app_commands.Choice(name=ls("Relancer la pendule", "choice.judge.resume"), value="resume"),
            app_commands.Choice(name=ls("Écrire une décision au journal", "choice.judge.ruling"), value="ruling"),
            app_commands.Choice(name=ls("Revenir à un coup", "choice.judge.rewind"), value="rewind"),
        ],
        chance=[
            app_commands.Choice(name=ls("Le garder : mêmes tirages", "choice.chance.keep"), value="keep"),
            app_commands.Choice(name=ls("Le retirer : nouveaux tirages", "choice.chance.redraw"), value="redraw"),
        ],
    )
    async def judge(
        self,
        interaction: discord.Interaction,
        action: str,
        text: app_commands.Range[str, 1, 500] | None = None,
        step: app_commands.Range[int, 0, 100_000] | None = None,
        chance: str | None = None,
    ) -> None:
        await JudgeDesk(self.host).decide(interaction, action, text, step, chance)

    @partie.command(
        name=ls("apprendre", "cmd.apprendre.name"),
        description=ls("Apprendre un jeu contre l'IA facile, chaque décision expliquée", "cmd.apprendre.desc"),
    )
    @app_commands.rename(game=ls("jeu", "opt.jeu.name"))
    @app_commands.describe(game=ls("Le jeu à apprendre", "opt.jeu_apprendre.desc"))
    async def learn(self, interaction: discord.Interaction, game: str) -> None:
        """A learning match (#31), started at once in a new thread: cogs/learn.py."""
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            require_permissions(interaction)
        except Exception as exc:
            await self.host.fail(interaction, exc)
            return
        await self.host.learn.start(interaction, game)

    @learn.autocomplete("game")
    async def _learn_games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return game_choices(self.host.locales.user(interaction), current)
