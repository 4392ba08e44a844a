"""Context for BENCHMARKS.md: how fast Python's reverse_geocode and reverse_geocoder are on this
machine. Not part of the Swift benchmarks. Install first:
    pip install reverse_geocode==1.6.6 reverse_geocoder
then run: python3 Benchmarks/python-baselines.py
"""
import time, random
t = time.perf_counter(); import reverse_geocode; reverse_geocode.get((48.85, 2.35)); print("reverse_geocode load+first query: %.0f ms" % ((time.perf_counter() - t) * 1000))
import reverse_geocoder as rg
rg.search((48.85, 2.35), mode=1)
random.seed(1); pts = [(random.uniform(-90, 90), random.uniform(-180, 180)) for _ in range(20000)]
t = time.perf_counter()
for p in pts[:5000]: rg.search(p, mode=1, verbose=False)
dt = time.perf_counter() - t; print("reverse_geocoder single queries: %.0f per second" % (5000 / dt))
t = time.perf_counter(); rg.search(pts, mode=1, verbose=False); dt = time.perf_counter() - t
print("reverse_geocoder one batch of 20000: %.0f per second" % (20000 / dt))
