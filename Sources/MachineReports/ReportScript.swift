/// The replay page's script: selecting a step (a click, ←/→, Home/End, or a `#step-N` link,
/// applied on load) marks the active states (`active`: each region's leaf and, through
/// `data-parent`, its ancestors) and the rows that fired (`fired`) in the drawing, from the step
/// data embedded as JSON.
enum ReportScript {
    static let javaScript = """
        (function () {
          "use strict";
          var data = JSON.parse(document.getElementById("report-data").textContent);
          var items = document.querySelectorAll("#timeline > li");
          var label = document.getElementById("current");
          var current = -1;
          function clear(name) {
            document.querySelectorAll("." + name).forEach(function (element) { element.classList.remove(name); });
          }
          function mark(n) {
            clear("active"); clear("fired"); clear("selected");
            var states = n === 0 ? data.initial : data.steps[n - 1][0];
            states.forEach(function (state, region) {
              var box = document.getElementById("st-" + region + "-" + state);
              while (box) {
                box.classList.add("active");
                box = box.hasAttribute("data-parent") ? document.getElementById(box.getAttribute("data-parent")) : null;
              }
            });
            if (n > 0) {
              data.steps[n - 1][1].forEach(function (row) {
                document.querySelectorAll('svg.machine [data-row="' + row + '"]').forEach(function (element) {
                  element.classList.add("fired");
                });
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
          function go(n, scroll) {
            n = Math.max(0, Math.min(items.length, n));
            mark(n);
            try { history.replaceState(null, "", n > 0 ? "#step-" + n : location.pathname + location.search); } catch (error) {}
            if (scroll && n > 0) reveal(items[n - 1]);
          }
          function reveal(item) {
            var pane = item.closest(".timeline-pane");
            if (pane && pane.scrollHeight > pane.clientHeight) {
              var top = item.offsetTop - pane.offsetTop;
              if (top < pane.scrollTop || top + item.offsetHeight > pane.scrollTop + pane.clientHeight) {
                pane.scrollTop = Math.max(0, top - 40);
              }
            } else {
              item.scrollIntoView({ block: "nearest" });
            }
          }
          function fromHash() {
            var match = /^#step-(\\d+)$/.exec(location.hash);
            go(match ? parseInt(match[1], 10) : 0, true);
          }
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
          document.getElementById("timeline").addEventListener("click", function (event) {
            var item = event.target.closest("#timeline > li");
            if (!item || event.target.closest("a")) return;
            go(parseInt(item.id.slice(5), 10), false);
          });
          fromHash();
        })();
        """
}
