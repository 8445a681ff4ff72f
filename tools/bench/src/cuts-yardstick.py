# The yardstick of npm run bench:cuts: OpenCV doing a paper's block cuts the fastest known way, one thread.
# Reads a JSON job on stdin ({rounds, papers: [{file, matrix, rects: [{x, y, w, h}]}]}); prints the median
# milliseconds a paper (the median over papers of each paper's median over rounds) as JSON.
import json
import sys
import time

import cv2
import numpy as np

cv2.setNumThreads(1)
job = json.load(sys.stdin)
papers = [(open(p["file"], "rb").read(), p) for p in job["papers"]]


def shift(dx, dy):
    return np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]], dtype=np.float64)


def cut(data, p):
    img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE)
    h = np.array(p["matrix"], dtype=np.float64).reshape(3, 3)
    out = []
    for r in p["rects"]:
        # output pixel (i, j) is template point (x + i + 1/2, y + j + 1/2), read at its image point minus 1/2
        m = shift(-0.5, -0.5) @ h @ shift(r["x"] + 0.5, r["y"] + 0.5)
        part = cv2.warpPerspective(
            img, m, (round(r["w"]), round(r["h"])),
            flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
            borderMode=cv2.BORDER_CONSTANT, borderValue=255,
        )
        ok, jpg = cv2.imencode(".jpg", part, [cv2.IMWRITE_JPEG_QUALITY, 80])
        out.append(jpg)
    return out


for data, p in papers:
    cut(data, p)
times = [[] for _ in papers]
for _ in range(job["rounds"]):
    for i, (data, p) in enumerate(papers):
        t = time.perf_counter()
        cut(data, p)
        times[i].append((time.perf_counter() - t) * 1000)
med = lambda v: sorted(v)[len(v) // 2]
print(json.dumps({"ms": med([med(t) for t in times]), "opencv": cv2.__version__}))
