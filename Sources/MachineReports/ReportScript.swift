/// The replay page's script.
///
/// It fits the drawing to its pane: of the ways to put the region panels in columns (in table
/// order, column after column), the one that shows them largest, whole, if that keeps them at
/// least ``minimumScale`` of their size; otherwise, or when asked (the "Actual size" button), as
/// many columns of panels at their own size as the pane is wide, and the pane scrolls. It never
/// shows them smaller than ``minimumScale``: a pane narrower than a panel scrolls sideways too.
///
/// Selecting a step (a click, ←/→, Home/End, or a `#step-N` link, applied on load; a microstep
/// is a step like any other, its label naming the step it follows, from its `data-of`) marks
/// the active states (`active`: each region's leaf and, through `data-parent`, its ancestors)
/// and the rows that fired (`fired`, in the boxes of the states they left), from each step's
/// `data-s` (the states after it) and `data-r` (the rows it fired), and scrolls the pane to bring
/// them into view.
enum ReportScript {
    /// The smallest the drawing is shown: its 11 px text at 10 px, which a reader reads without
    /// zooming. A button shows it at its own size, and back.
    static let minimumScale = 0.91

    static let javaScript = """
        (function () {
          "use strict";
          var list = document.getElementById("timeline");
          var items = list.children;
          var label = document.getElementById("current");
          var pane = document.getElementById("diagram");
          var panels = document.getElementById("panels");
          var svgs = Array.prototype.slice.call(panels.querySelectorAll("svg.machine"));
          var gap = 16;
          var current = -1;
          function size(svg, name) { return parseFloat(svg.getAttribute(name)); }
          // The ways to put the panels, in order, into columns: each as the sizes of its columns.
          function splits(count, from, sizes, found) {
            if (from === count) { found.push(sizes.slice()); return found; }
            for (var to = from + 1; to <= count; to++) { sizes.push(to - from); splits(count, to, sizes, found); sizes.pop(); }
            return found;
          }
          // The height of each column of `split`, its panels at their own size, and the gaps between them.
          function columnHeights(split, heights) {
            var start = 0;
            return split.map(function (size) {
              var sum = 0;
              for (var index = start; index < start + size; index++) sum += heights[index];
              start += size;
              return { panels: sum, gaps: (size - 1) * gap };
            });
          }
          // Shows the panels whole (`zoomed` false), as large as the pane allows, or at their own
          // size in as many columns as fit (`zoomed` true), the pane scrolling.
          var zoomed = false;
          var zoom = document.getElementById("zoom");
          function fit() {
            var width = size(svgs[0], "width"), heights = svgs.map(function (svg) { return size(svg, "height"); });
            var room = pane.clientWidth, tall = pane.clientHeight - 2;
            var all = splits(svgs.length, 0, [], []);
            var best = null, scale = 0;
            all.forEach(function (split) {
              var whole = Math.min(1, (room - (split.length - 1) * gap) / (split.length * width));
              columnHeights(split, heights).forEach(function (column) {
                whole = Math.min(whole, (tall - column.gaps) / column.panels);
              });
              if (whole > scale + 1e-9 || (whole > scale - 1e-9 && split.length < best.length)) { best = split; scale = whole; }
            });
            var fits = scale >= \(minimumScale);
            zoom.hidden = !fits || scale > 0.99;
            zoom.textContent = zoomed ? "Fit the pane" : "Actual size";
            if (zoomed || !fits) {
              // As many columns as fit with the panels at least at the smallest scale (one, at
              // that scale, in a narrower pane, which then scrolls sideways), as large as the
              // pane's width allows, the tallest column as short as can be.
              var columns = Math.max(1, Math.min(svgs.length, Math.floor((room + gap) / (width * \(minimumScale) + gap))));
              scale = Math.max(\(minimumScale), Math.min(1, (room - (columns - 1) * gap) / (columns * width)));
              var shortest = Infinity;
              all.filter(function (split) { return split.length === columns; }).forEach(function (split) {
                var tallest = Math.max.apply(null, columnHeights(split, heights).map(function (column) {
                  return column.panels * scale + column.gaps;
                }));
                if (tallest < shortest) { shortest = tallest; best = split; }
              });
            }
            panels.textContent = "";
            var index = 0;
            best.forEach(function (count) {
              var column = document.createElement("div");
              for (var end = index + count; index < end; index++) {
                svgs[index].style.width = width * scale + "px";
                svgs[index].style.height = heights[index] * scale + "px";
                column.appendChild(svgs[index]);
              }
              panels.appendChild(column);
            });
            panels.classList.add("fitted");
          }
          zoom.addEventListener("click", function () { zoomed = !zoomed; fit(); follow(); });
          function clear(name) {
            document.querySelectorAll("." + name).forEach(function (element) { element.classList.remove(name); });
          }
          function parent(box) {
            return box.hasAttribute("data-parent") ? document.getElementById(box.getAttribute("data-parent")) : null;
          }
          function states(n) { return (n === 0 ? list : items[n - 1]).getAttribute("data-s").split(","); }
          function leaf(region, state) { return document.getElementById("st-" + region + "-" + state); }
          // Whether the box `from` (an id) holds the box `box`, or is it.
          function holds(from, box) {
            for (; box; box = parent(box)) if (box.id === from) return true;
            return false;
          }
          function mark(n) {
            clear("active"); clear("fired"); clear("selected");
            states(n).forEach(function (state, region) {
              for (var box = leaf(region, state); box; box = parent(box)) box.classList.add("active");
            });
            if (n > 0) {
              var before = states(n - 1);
              (items[n - 1].getAttribute("data-r") || "").split(",").filter(Boolean).forEach(function (row) {
                var elements = Array.prototype.slice.call(panels.querySelectorAll('[data-row="' + row + '"]'));
                var left = elements.filter(function (element) {
                  var from = element.getAttribute("data-from"), region = from.split("-")[1];
                  return /-any$/.test(from) || holds(from, leaf(region, before[region]));
                });
                (left.length ? left : elements).forEach(function (element) { element.classList.add("fired"); });
              });
              var item = items[n - 1];
              item.classList.add("selected");
              var of = item.getAttribute("data-of");
              label.textContent = "Step " + n + " of " + items.length + (of ? ", a microstep after step " + of : "") + ": " +
                item.querySelector(".t").textContent + " " + item.querySelector(".in").textContent;
            } else {
              label.textContent = "Before the first step (" + items.length + " steps)";
            }
            document.body.setAttribute("data-step", String(n));
            current = n;
          }
          // Scrolls the pane to show the rows that fired and every region's active leaf, or as
          // much of them as it can: the rows first, then the leaves the step entered.
          function follow() {
            var fired = Array.prototype.slice.call(panels.querySelectorAll(".entry.fired"));
            var now = states(current), before = current > 0 ? states(current - 1) : now;
            var leaves = now.map(function (state, region) { return leaf(region, state); }).filter(Boolean);
            var entered = now.map(function (state, region) {
              return state !== before[region] ? leaf(region, state) : null;
            }).filter(Boolean);
            var view = pane.getBoundingClientRect();
            function span(elements) {
              var top = Infinity, bottom = -Infinity, left = Infinity, right = -Infinity;
              elements.forEach(function (element) {
                var box = element.getBoundingClientRect();
                top = Math.min(top, box.top); bottom = Math.max(bottom, box.bottom);
                left = Math.min(left, box.left); right = Math.max(right, box.right);
              });
              return { top: top - view.top + pane.scrollTop, bottom: bottom - view.top + pane.scrollTop,
                left: left - view.left + pane.scrollLeft, right: right - view.left + pane.scrollLeft };
            }
            var wanted = span(fired.concat(leaves));
            if (wanted.bottom - wanted.top > pane.clientHeight) wanted = span(fired.concat(entered));
            if (wanted.bottom - wanted.top > pane.clientHeight && fired.length) wanted = span(fired);
            if (!isFinite(wanted.top)) return;
            if (wanted.top < pane.scrollTop || wanted.bottom > pane.scrollTop + pane.clientHeight) {
              // Centred when it fits, else from its top.
              pane.scrollTop = Math.max(0, Math.min(wanted.top - gap, (wanted.top + wanted.bottom - pane.clientHeight) / 2));
            }
            if (wanted.left < pane.scrollLeft || wanted.right > pane.scrollLeft + pane.clientWidth) {
              pane.scrollLeft = Math.max(0, wanted.left - gap);
            }
          }
          function go(n, scroll) {
            n = Math.max(0, Math.min(items.length, n));
            mark(n);
            follow();
            try { history.replaceState(null, "", n > 0 ? "#step-" + n : location.pathname + location.search); } catch (error) {}
            if (scroll && n > 0) reveal(items[n - 1]);
          }
          function reveal(item) {
            var timeline = document.getElementById("timeline-pane");
            if (timeline.scrollHeight > timeline.clientHeight) {
              var top = item.getBoundingClientRect().top - timeline.getBoundingClientRect().top + timeline.scrollTop;
              if (top < timeline.scrollTop || top + item.offsetHeight > timeline.scrollTop + timeline.clientHeight) {
                timeline.scrollTop = Math.max(0, top - 40);
              }
            } else {
              item.scrollIntoView({ block: "nearest" });
            }
          }
          function fromHash() {
            var match = /^#step-(\\d+)$/.exec(location.hash);
            go(match ? parseInt(match[1], 10) : 0, true);
          }
          var resizing = 0;
          window.addEventListener("resize", function () {
            clearTimeout(resizing);
            resizing = setTimeout(function () { fit(); follow(); }, 100);
          });
          window.addEventListener("hashchange", fromHash);
          document.addEventListener("keydown", function (event) {
            if (event.altKey || event.ctrlKey || event.metaKey) return;
            switch (event.key) {
              case "ArrowRight": go(current + 1, true); break;
              case "ArrowLeft": go(current - 1, true); break;
              case "Home": go(1, true); break;
              case "End": go(items.length, true); break;
              default: return;
            }
            event.preventDefault();
          });
          list.addEventListener("click", function (event) {
            var item = event.target.closest("#timeline > li");
            if (!item || event.target.closest("a")) return;
            go(parseInt(item.id.slice(5), 10), false);
          });
          fit();
          fromHash();
        })();
        """
}
