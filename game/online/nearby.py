"""Games hosting on the home network, found by DNS-SD over multicast DNS (python-zeroconf):
no address to read out (docs/online.md, "The home network").

A game that hosts with the relay it runs itself announces that relay as a `_tournecase._tcp`
service named after its player ("Ada - Tourne Case & Garanguet"), with its port, its addresses
and, in its TXT record, the protocol and the player's name; the Join screen browses for them
and lists them by name. Everything here is optional: without python-zeroconf (`LIBRARY`: None)
or where multicast does not reach (no interface, a network that drops it), `Announcer` and
`Nearby` say why once (`problem`) and do nothing else: typing an address still works. No pygame;
the library's own threads do the work, nothing here waits unbounded.
"""
from __future__ import annotations

import socket
import threading

try:                                   # optional: the game works without it
    import zeroconf as LIBRARY
except ImportError:                    # pragma: no cover - depends on the installation
    LIBRARY = None

SERVICE = "_tournecase._tcp.local."
NO_LIBRARY = "no-library"              # python-zeroconf is not installed
NO_MULTICAST = "no-multicast"          # multicast DNS could not start here


#: The interfaces searched and announced on when a caller names none: None, every one (the
#: tests keep it to loopback: tests/conftest.py).
INTERFACES = None


def _zeroconf(interfaces):
    """A Zeroconf on these interfaces (None: INTERFACES), or the problem's name."""
    interfaces = INTERFACES if interfaces is None else interfaces
    if LIBRARY is None:
        return None, NO_LIBRARY
    try:
        choice = LIBRARY.InterfaceChoice.All if interfaces is None else list(interfaces)
        return LIBRARY.Zeroconf(interfaces=choice), None
    except (OSError, ValueError, RuntimeError, LIBRARY.Error):
        return None, NO_MULTICAST


def service_name(name: str) -> str:
    """The service's instance name: the player's name (or the game's), made safe for DNS-SD."""
    label = "".join(c if c.isprintable() and c != "." else " " for c in name).strip()[:40] or "Tourne Case"
    return f"{label}.{SERVICE}"


class Announcer:
    """This game's relay, announced on the home network while it hosts; `close()` withdraws it.
    Announcing takes the library a second or two (it probes the name first): it is done on a
    thread of its own, and never holds up a frame. `problem`: why it cannot be announced
    (NO_LIBRARY at once, NO_MULTICAST once tried), else None; `ready` is set once it is known."""

    def __init__(self, port: int, name: str, addresses: list[str], interfaces=None):
        self.problem = None if LIBRARY is not None else NO_LIBRARY
        self.ready = threading.Event()
        self._closed = threading.Event()
        if self.problem is not None:
            self.ready.set()
            return
        threading.Thread(target=self._run, args=(port, name, addresses, interfaces),
                         name="nearby-announce", daemon=True).start()

    def _run(self, port, name, addresses, interfaces) -> None:
        zc, self.problem = _zeroconf(interfaces)
        if zc is None:
            self.ready.set()
            return
        info = None
        try:
            packed = [socket.inet_aton(a) for a in addresses if _ipv4(a)]
            info = LIBRARY.ServiceInfo(
                SERVICE, service_name(name), port=port, addresses=packed or None,
                properties={"protocol": "1", "name": name[:60]},
                server=f"{socket.gethostname().split('.')[0] or 'tournecase'}.local.")
            if not self._closed.is_set():
                zc.register_service(info, allow_name_change=True)
            self.ready.set()
            self._closed.wait()                   # announced until the room closes
            zc.unregister_service(info)
        except (OSError, ValueError, RuntimeError, LIBRARY.Error):
            self.problem = NO_MULTICAST
        finally:
            self.ready.set()
            zc.close()

    def close(self) -> None:
        self._closed.set()


def _ipv4(address: str) -> bool:
    try:
        socket.inet_aton(address)
        return address.count(".") == 3
    except OSError:
        return False


class Nearby:
    """The games announcing themselves on the home network, kept up to date by the library's
    thread: `games()` -> [(name, url)], sorted by name. `problem`: why the network cannot be
    searched (NO_LIBRARY, NO_MULTICAST), else None."""

    def __init__(self, interfaces=None):
        self._lock = threading.Lock()
        self._found: dict[str, tuple[str, str]] = {}
        self._browser = None
        self._zc, self.problem = _zeroconf(interfaces)
        if self._zc is None:
            return
        try:
            self._browser = LIBRARY.ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])
        except (OSError, RuntimeError, LIBRARY.Error):
            self.problem = NO_MULTICAST
            self.close()

    def _changed(self, zeroconf, service_type, name, state_change) -> None:
        """The library's thread: a service came, changed or went."""
        if state_change is LIBRARY.ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1500)
        if info is None or not info.port:
            return
        addresses = info.parsed_addresses(LIBRARY.IPVersion.V4Only)
        if not addresses:
            return
        props = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
                 for k, v in (info.properties or {}).items() if isinstance(k, bytes)}
        shown = props.get("name") or name[:-len(SERVICE) - 1]
        with self._lock:
            self._found[name] = (shown[:60], f"ws://{addresses[0]}:{info.port}")

    def games(self) -> list[tuple[str, str]]:
        with self._lock:
            return sorted(self._found.values())

    def close(self) -> None:
        zc, self._zc = self._zc, None
        if zc is None:
            return
        try:
            if self._browser is not None:
                self._browser.cancel()
        finally:
            zc.close()
