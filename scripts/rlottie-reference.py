#!/usr/bin/env python3
"""What rlottie draws, per layer instance and whole frame: a reference for
scripts/lottie-player-check --player rlottie (docs/lottie.md "Proof").

rlottie (the library PyPI rlottie-python 1.3.8 ships) exposes its render tree:
`lottie_animation_render_tree(frame, w, h)` gives, for each layer, whether it is visible, its
8-bit alpha, and each drawn node's path in screen space. To read a layer's whole world transform
from it, the file is probed: every layer but a precomposition gets, in place of its content, one
path of three points (0, 0), (1000, 0), (0, 1000) with a red fill, and its name `nm` is set to its
JSON Pointer — so the node's first, fourth and seventh points (a move, then two cubics) are
M·(0, 0), M·(1000, 0), M·(0, 1000), and the chain of layer names down the tree is the instance's
key (`/layers/2>/assets/0/layers/0`). Layers of any type become shape layers (their transform,
parent, ip, op, st, sr, hd and ao kept), masks and mattes are removed (the timeline does not
evaluate what they clip, and a matte's source would not be drawn): the probe reads the timing and
the transforms only. rlottie's structs are declared here from its public header
(inc/rlottiecommon.h: LOTLayerNode, LOTNode); rlottie-python's own declaration of LOTNode does
not match the library it ships.

Output: {"rlottie": "1.3.8", "frames": [...], "layers": {"<key>": {"matrix": [[a, b, c, d, tx,
ty] per frame], "opacity": [...], "displayed": [...], "depth": n, "opacityKnown": bool}},
"notes": [...]}; opacityKnown false inside a precomposition of more than one layer (drawn
offscreen and faded as a group, its alpha is not in the tree); matrix as
x' = a x + c y + tx, y' = b x + d y + ty; opacity the product of the layers' 8-bit alphas down
the chain times the fill's; frames are root frames (whole, from ip).
Usage: scripts/rlottie-reference.py FILE.json --frames 0,1,2
Installs rlottie-python with pip when missing.
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lottie_probe import filled_path, probed  # noqa: E402

try:
    import rlottie_python
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    "rlottie-python==1.3.8"], check=True)
    import rlottie_python

from ctypes import POINTER, Structure, c_char_p, c_float, c_int, c_size_t, c_ubyte, c_void_p

PROBE = 1000.0


class Path(Structure):
    _fields_ = [("ptPtr", POINTER(c_float)), ("ptCount", c_size_t), ("elmPtr", c_void_p),
                ("elmCount", c_size_t)]


class Color(Structure):
    _fields_ = [("r", c_ubyte), ("g", c_ubyte), ("b", c_ubyte), ("a", c_ubyte)]


class Stroke(Structure):
    _fields_ = [("enable", c_ubyte), ("width", c_float), ("cap", c_int), ("join", c_int),
                ("miterLimit", c_float), ("dashArray", c_void_p), ("dashArraySize", c_int)]


class Point(Structure):
    _fields_ = [("x", c_float), ("y", c_float)]


class Gradient(Structure):
    _fields_ = [("type", c_int), ("stopPtr", c_void_p), ("stopCount", c_size_t), ("start", Point),
                ("end", Point), ("center", Point), ("focal", Point), ("cradius", c_float),
                ("fradius", c_float)]


class Matrix(Structure):
    _fields_ = [(name, c_float) for name in ("m11", "m12", "m13", "m21", "m22", "m23", "m31",
                                             "m32", "m33")]


class Image(Structure):
    _fields_ = [("data", c_void_p), ("width", c_size_t), ("height", c_size_t),
                ("mAlpha", c_ubyte), ("mMatrix", Matrix)]


class Node(Structure):
    _fields_ = [("mPath", Path), ("mColor", Color), ("mStroke", Stroke), ("mGradient", Gradient),
                ("mImageInfo", Image), ("mFlag", c_int), ("mBrushType", c_int),
                ("mFillRule", c_int), ("keypath", c_char_p)]


class Mask(Structure):
    _fields_ = [("mPath", Path), ("mMode", c_int), ("mAlpha", c_ubyte)]


class LayerNode(Structure):
    pass


LayerNode._fields_ = [("mMaskPtr", POINTER(Mask)), ("mMaskSize", c_size_t), ("mClipPath", Path),
                      ("mLayerPtr", POINTER(POINTER(LayerNode))), ("mLayerSize", c_size_t),
                      ("mNodePtr", POINTER(POINTER(Node))), ("mNodeSize", c_size_t),
                      ("mMatte", c_int), ("mVisible", c_int), ("mAlpha", c_ubyte),
                      ("keypath", c_char_p)]


def probe(document):
    """The document with every layer's content the probe, named by its pointer."""
    triangle = filled_path([(0, 0), (PROBE, 0), (0, PROBE)])
    return probed(document, lambda pointer: triangle, named=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--frames", required=True)
    args = parser.parse_args()
    with open(args.file, encoding="utf-8") as f:
        document = json.load(f)
    frames = [float(x) for x in args.frames.split(",") if x.strip()]
    animation = rlottie_python.LottieAnimation.from_data(json.dumps(probe(document)))
    library = animation.rlottie_lib
    library.lottie_animation_render_tree.restype = POINTER(LayerNode)
    library.lottie_animation_render_tree.argtypes = [c_void_p, c_size_t, c_size_t, c_size_t]
    width, height = int(document["w"]), int(document["h"])
    first = round(document["ip"])
    notes = []
    layers = {}
    for k, frame in enumerate(frames):
        if frame != int(frame):
            notes.append(f"frame {frame} is not whole: rlottie draws whole frames only")
        number = max(0, int(round(frame)) - first)
        tree = library.lottie_animation_render_tree(animation.animation_p, number, width, height)

        def walk(node, chain, alpha, visible, depth, known=True):
            for i in range(node.mLayerSize):
                child = node.mLayerPtr[i].contents
                name = child.keypath.decode() if child.keypath else "?"
                key = ">".join(chain + [name])
                shown = visible and bool(child.mVisible)
                child_alpha = alpha * child.mAlpha / 255
                if child.mLayerSize and not child.mNodeSize:
                    # A precomposition: its layers are compared. One of more than one layer is
                    # drawn offscreen and faded as a group: its alpha is not in the tree (255
                    # there), so its layers' opacity is not known from it.
                    walk(child, chain + [name], child_alpha, shown, depth + 1,
                         known and child.mLayerSize == 1)
                    continue
                record = layers.setdefault(key, {"matrix": [None] * len(frames),
                                                 "opacity": [0.0] * len(frames),
                                                 "displayed": [False] * len(frames),
                                                 "depth": depth, "opacityKnown": known})
                for j in range(child.mNodeSize):
                    drawn = child.mNodePtr[j].contents
                    points = drawn.mPath.ptPtr
                    if drawn.mPath.ptCount < 7:
                        continue
                    x0, y0 = points[0], points[1]
                    x1, y1 = points[6], points[7]
                    x2, y2 = points[12], points[13]
                    record["matrix"][k] = [(x1 - x0) / PROBE, (y1 - y0) / PROBE,
                                           (x2 - x0) / PROBE, (y2 - y0) / PROBE, x0, y0]
                    record["opacity"][k] = child_alpha * drawn.mColor.a / 255
                    record["displayed"][k] = shown
                walk(child, chain + [name], child_alpha, shown, depth + 1)

        walk(tree.contents, [], 1.0, True, 1)
    json.dump({"rlottie": "1.3.8", "frames": frames, "layers": layers, "notes": notes}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
