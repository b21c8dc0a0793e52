#!/usr/bin/env python3
"""What ThorVG paints, per layer instance and frame: a reference for
scripts/lottie-player-check --player thorvg (docs/lottie.md "Proof").

ThorVG (the library PyPI thorvg-python 1.1.3 ships, ThorVG 1.0.4) gives pixels only. So each
layer but a precomposition is probed alone: a copy of the file where that layer's content is its
own box filled opaque red (`--boxes`: the `layerInfo.box` of the timeline; a box of no area is
not probed) and every other layer draws nothing (its transform, parent and timing kept), masks,
mattes, effects and styles removed; painted at each frame, the painted pixels' extent (alpha over
0) is where ThorVG put the box, and the alpha where the box covers whole pixels its opacity. A
layer inside a precomposition is probed in every instance at once (the copy is shared): its
instances are told apart by their keys only where one is drawn, so such layers are reported only
where the layer has one instance.

Output: {"thorvg": "1.0.4", "frames": [...], "layers": {"<key>": {"extent": [[x0, y0, x1, y1]
or null per frame], "opacity": [... or null where no pixel lies wholly inside], "displayed":
[...]}}, "notes": [...]}.
Usage: scripts/thorvg-reference.py FILE.json --frames 0,1.5,2 --boxes BOXES.json
(BOXES.json: {"<key>": {"pointer": "/layers/0", "box": [x0, y0, x1, y1]}, …}: the timeline's
layerInfo). Installs thorvg-python, numpy and Pillow with pip when missing.
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lottie_probe import filled_path, probed  # noqa: E402

try:
    import numpy
    import PIL  # noqa: F401  (thorvg-python hands its canvas over as a Pillow image)
    import thorvg_python as tvg
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    "thorvg-python==1.1.3", "numpy", "pillow"], check=True)
    import numpy
    import thorvg_python as tvg


def probe(document, pointer, box):
    """The document with the layer at `pointer` drawing its box and every other layer nothing."""
    x0, y0, x1, y1 = box
    square = filled_path([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    return probed(document, lambda at: square if at == pointer else [])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--frames", required=True)
    parser.add_argument("--boxes", required=True)
    args = parser.parse_args()
    with open(args.file, encoding="utf-8") as f:
        document = json.load(f)
    with open(args.boxes, encoding="utf-8") as f:
        infos = json.load(f)
    frames = [float(x) for x in args.frames.split(",") if x.strip()]
    width, height = int(document["w"]), int(document["h"])
    notes = []
    by_pointer = {}
    for key, info in infos.items():
        by_pointer.setdefault(info["pointer"], []).append(key)
    layers = {}
    engine = tvg.Engine()
    for pointer, keys in by_pointer.items():
        info = infos[keys[0]]
        box = info["box"]
        if info.get("type") == "precomposition" or len(keys) > 1:
            continue
        if abs(box[2] - box[0]) < 1e-9 or abs(box[3] - box[1]) < 1e-9:
            continue
        animation = tvg.LottieAnimation(engine)
        picture = animation.get_picture()
        data = json.dumps(probe(document, pointer, box)).encode()
        if picture.load_data(data, "lottie", None, True) != tvg.Result.SUCCESS:
            notes.append(f"{pointer}: ThorVG could not load the probe")
            continue
        canvas = tvg.SwCanvas(engine)
        canvas.set_target(width, height)
        canvas.add(picture)
        record = {"extent": [], "opacity": [], "displayed": []}
        # ThorVG ignores a frame within 0.0009 of its current one (LottieLoader::frame): the
        # first, at 0 after loading, would draw a picture never updated (nothing painted).
        animation.set_frame(float(frames[0] - document["ip"]) + 0.5)
        for frame in frames:
            animation.set_frame(float(frame - document["ip"]))
            canvas.update()
            canvas.draw(True)
            canvas.sync()
            pixels = numpy.asarray(canvas.get_pillow(), dtype=numpy.float64)
            alpha = pixels[:, :, 3]
            # Painted: at least half as opaque as its most opaque pixel, so that an edge's
            # anti-aliased pixels count as the edge is (within half a pixel).
            painted = numpy.nonzero(alpha >= max(alpha.max(), 1) / 2)
            if not len(painted[0]):
                record["extent"].append(None)
                record["opacity"].append(0.0)
                record["displayed"].append(False)
                continue
            extent = [int(painted[1].min()), int(painted[0].min()),
                      int(painted[1].max()) + 1, int(painted[0].max()) + 1]
            record["extent"].append(extent)
            # Its opacity where a pixel lies wholly inside: one as opaque as the most opaque, its
            # eight neighbours too (an edge's pixels are as opaque as they are covered; a turned
            # box squashed to a sliver 30 px long has none: 0.12 there on rlottie__hourglass).
            top = float(alpha.max())
            full = alpha >= top - 1
            inner = full[1:-1, 1:-1].copy()
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    inner &= full[1 + dy:full.shape[0] - 1 + dy, 1 + dx:full.shape[1] - 1 + dx]
            record["opacity"].append(top / 255 if inner.any() else None)
            record["displayed"].append(True)
        canvas.destroy()
        layers[keys[0]] = record
    json.dump({"thorvg": "1.0.4", "frames": frames, "layers": layers, "notes": notes}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
