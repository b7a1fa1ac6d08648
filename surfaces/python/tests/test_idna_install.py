"""puny.idna.install() / uninstall() across importlib.reload (issue 52):
reloading puny.idna while installed made uninstall() a silent no-op, and
`import idna` kept giving puny.idna."""

import importlib
import sys

import puny.idna


def test_uninstall_after_reload():
    puny.idna.uninstall()
    before = sys.modules.get("idna")
    puny.idna.install()
    try:
        assert puny.idna.installed() and sys.modules["idna"] is puny.idna
        reloaded = importlib.reload(puny.idna)
        assert reloaded is puny.idna and puny.idna.installed()
    finally:
        puny.idna.uninstall()
    assert not puny.idna.installed(), "uninstall() after reload left puny.idna installed"
    assert sys.modules.get("idna") is before
    import idna

    assert idna is not puny.idna
    assert idna.__name__ == "idna" and "dist-packages" in idna.__file__, idna.__file__


def test_reload_while_not_installed_keeps_it_off():
    puny.idna.uninstall()
    importlib.reload(puny.idna)
    assert not puny.idna.installed()
    puny.idna.install()
    puny.idna.install()  # idempotent
    puny.idna.uninstall()
    assert not puny.idna.installed()
