/// The replay page's script.
///
/// It fits the drawing to its pane: of the ways to put the region panels in columns (in table
/// order, column after column), the one that shows them largest, whole, if that keeps them at
/// least ``minimumScale`` of their size; otherwise, or when asked (the "Actual size" button), as
/// many columns of panels at their own size as the pane is wide, and the pane scrolls.
///
/// Selecting a step (a click, ←/→, Home/End, or a `#step-N` link, applied on load) marks the
/// active states (`active`: each region's leaf and, through `data-parent`, its ancestors) and
/// the rows that fired (`fired`, in the boxes of the states they left), from each step's
/// `data-s` (the states after it) and `data-r` (the rows it fired), and scrolls the pane to bring
/// them into view.
enum ReportScript {
    /// The smallest the drawing is shown to fit its pane whole: its 11 px text at 7 px. A
    /// button shows it at its own size, and back.
    static let minimumScale = 0.64

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
          // The least height of the tallest column when the panels, in order, fill `columns` columns.
          function tallest(heights, columns) {
            var best = Infinity;
            (function split(from, left, high) {
              if (from === heights.length) { best = Math.min(best, high); return; }
              if (left === 0) return;
              var sum = -gap;
              for (var to = from; to < heights.length; to++) {
                sum += heights[to] + gap;
                split(to + 1, left - 1, Math.max(high, sum));
              }
            })(0, columns, 0);
            return best;
          }
          // Shows the panels whole (`zoomed` false), as large as the pane allows, or at their own
          // size in as many columns as fit (`zoomed` true), the pane scrolling.
          var zoomed = false;
          var zoom = document.getElementById("zoom");
          function fit() {
            var width = size(svgs[0], "width"), heights = svgs.map(function (svg) { return size(svg, "height"); });
            var room = pane.clientWidth, tall = pane.clientHeight;
            var columns = 0, scale = 0;
            for (var count = 1; count <= svgs.length; count++) {
              var whole = Math.min(1, (room - (count - 1) * gap) / (count * width), tall / tallest(heights, count));
              if (whole > scale) { columns = count; scale = whole; }
            }
            var fits = scale >= \(minimumScale);
            zoom.hidden = !fits || scale > 0.99;
            zoom.textContent = zoomed ? "Fit the pane" : "Actual size";
            if (zoomed || !fits) {
              columns = Math.max(1, Math.floor((room + gap) / (width + gap)));
              scale = Math.min(1, room / width);
            }
            var groups = [], high = tallest(heights, columns), sum = -gap;
            svgs.forEach(function (svg, index) {
              sum += heights[index] + gap;
              if (!groups.length || sum > high + 0.5) { groups.push(document.createElement("div")); sum = heights[index]; }
              groups[groups.length - 1].appendChild(svg);
              svg.style.width = width * scale + "px";
              svg.style.height = heights[index] * scale + "px";
            });
            panels.textContent = "";
            groups.forEach(function (group) { panels.appendChild(group); });
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
              label.textContent = "Step " + n + " of " + items.length + ": " + item.querySelector(".t").textContent + " " +
                item.querySelector(".in").textContent;
            } else {
              label.textContent = "Before the first step (" + items.length + " steps)";
            }
            document.body.setAttribute("data-step", String(n));
            current = n;
          }
          // Scrolls the pane to show the rows that fired and every region's active leaf, or as
          // much of them as it can, the rows first.
          function follow() {
            var fired = Array.prototype.slice.call(panels.querySelectorAll(".entry.fired"));
            var leaves = states(current).map(function (state, region) { return leaf(region, state); }).filter(Boolean);
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
