"""A Lottie document probed for a player that shows only what it draws (imported by
scripts/rlottie-reference.py and scripts/thorvg-reference.py): every layer but a precomposition
made a shape layer whose content is `shapes_for(pointer)` (its transform, parent, ip, op, st, sr,
hd and ao kept), masks, mattes, effects and styles removed — the timeline does not evaluate what
they change, and a matte's source would not be drawn."""
import copy


def filled_path(vertices):
    """One closed path through `vertices`, filled opaque red, in a group with no transform."""
    return [{"ty": "gr", "nm": "probe", "it": [
        {"ty": "sh", "ks": {"a": 0, "k": {"i": [[0, 0]] * len(vertices),
                                          "o": [[0, 0]] * len(vertices),
                                          "v": [list(v) for v in vertices], "c": True}}},
        {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}},
        {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]},
         "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]


def probed(document, shapes_for, named=False):
    """The document with each layer's content `shapes_for(its JSON Pointer)`; `named`: each
    layer's `nm` set to its pointer too."""
    probed = copy.deepcopy(document)

    def layers(items, prefix):
        for i, layer in enumerate(items or []):
            if not isinstance(layer, dict):
                continue
            pointer = f"{prefix}/{i}"
            if named:
                layer["nm"] = pointer
            for member in ("masksProperties", "tt", "td", "tp", "ef", "sy"):
                layer.pop(member, None)
            layer["hasMask"] = False
            if layer.get("ty") == 0:
                continue
            layer["ty"] = 4
            for member in ("t", "refId", "sc", "sw", "sh"):
                layer.pop(member, None)
            layer["shapes"] = shapes_for(pointer)
    layers(probed.get("layers"), "/layers")
    for j, asset in enumerate(probed.get("assets") or []):
        if isinstance(asset, dict) and "layers" in asset:
            layers(asset["layers"], f"/assets/{j}/layers")
    return probed
