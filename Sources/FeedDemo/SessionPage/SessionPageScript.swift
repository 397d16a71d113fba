/// The session page's one small script: the playhead. Choosing a time (the slider, a click or
/// a drag on the lanes, the arrow keys, the buttons, or `#t=MS` in the address) shows the phone,
/// the feed's state and the timeline at that time.
///
/// It only changes attributes and shows or hides what the page already holds, with numbers
/// from the page's data (see ``SessionPlayer/data(_:)``); it sets no markup. Without it, the
/// lanes and the pictures read as they are.
enum SessionPageScript {
    static let javaScript = """
        (function () {
          "use strict";
          var root = document.documentElement;
          root.classList.remove("no-js");
          root.classList.add("js");
          var data = JSON.parse(document.getElementById("session-data").textContent);
          var lanes = document.getElementById("lanes");
          var slider = document.getElementById("playhead");
          var readout = document.getElementById("playhead-time");
          var line = document.getElementById("playhead-line");
          var phone = document.getElementById("player-phone");
          var screen = phone.querySelector(".screen"), content = phone.querySelector(".content");
          var footer = phone.querySelector(".footer"), banner = phone.querySelector(".banner");
          var centre = phone.querySelector(".centre"), topButton = phone.querySelector(".top-button");
          var selected = phone.querySelector(".selected");
          var statuses = [].slice.call(document.querySelectorAll(".status"));
          var lines = [].slice.call(document.querySelectorAll(".log li"));
          var log = document.querySelector(".log");
          var left = +lanes.dataset.left, width = +lanes.dataset.width, duration = +lanes.dataset.duration;

          function lastAtOrBefore(list, t, timeOf) {
            var low = 0, high = list.length - 1, found = -1;
            while (low <= high) {
              var middle = (low + high) >> 1;
              if (timeOf(list[middle]) <= t) { found = middle; low = middle + 1; } else { high = middle - 1; }
            }
            return found;
          }
          function shown(element, visible) { element.style.display = visible ? "" : "none"; }
          function seconds(t) { return (t / 1000).toFixed(3) + "s"; }
          function elementTime(element) { return +element.dataset.t; }

          var current = duration;
          function showAt(t) {
            t = Math.max(0, Math.min(duration, Math.round(t)));
            current = t;
            var frame = data.frames[Math.max(lastAtOrBefore(data.frames, t, function (f) { return f[0]; }), 0)];
            screen.setAttribute("viewBox", "0 " + frame[1] / 10 + " " + data.width + " " + data.height);
            content.setAttribute("href", "#layout-" + (frame[2] < 0 ? "none" : frame[2]));
            shown(footer, frame[3] >= 0);
            if (frame[3] >= 0) {
              footer.querySelector("text").textContent = data.texts[frame[3]];
              footer.setAttribute("transform", "translate(0 " + frame[4] / 10 + ")");
            }
            shown(banner, frame[5] >= 0);
            if (frame[5] >= 0) {
              banner.querySelector("text").textContent = data.texts[frame[5]];
              banner.setAttribute("transform", "translate(0 " + frame[6] / 10 + ")");
            }
            shown(centre, frame[7] >= 0);
            if (frame[7] >= 0) { centre.textContent = data.texts[frame[7]]; }
            shown(topButton, frame[8] === 1);
            shown(selected, frame[9] >= 0);
            if (frame[9] >= 0) {
              ["x", "y", "width", "height"].forEach(function (name, index) { selected.setAttribute(name, frame[9 + index] / 10); });
            }
            phone.setAttribute("aria-label", "the phone at " + seconds(t));
            phone.dataset.t = t;

            var status = Math.max(lastAtOrBefore(statuses, t, elementTime), 0);
            statuses.forEach(function (element, index) { element.hidden = index !== status; });
            var now = lastAtOrBefore(lines, t, elementTime);
            lines.forEach(function (element, index) {
              element.classList.toggle("future", index > now);
              element.classList.toggle("now", index === now);
            });
            if (now >= 0) { log.scrollTop = lines[now].offsetTop - log.offsetTop - log.clientHeight / 2; }

            var x = left + width * t / duration;
            line.setAttribute("transform", "translate(" + (x - left - width) + " 0)");
            slider.value = t;
            readout.textContent = seconds(t);
          }

          slider.addEventListener("input", function () { showAt(+slider.value); });
          slider.addEventListener("keydown", function (event) {
            if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") { return; }
            event.preventDefault();
            step(event.key === "ArrowRight" ? 1 : -1);
          });
          function timeAt(event) {
            var point = lanes.createSVGPoint();
            point.x = event.clientX;
            point.y = event.clientY;
            var inLanes = point.matrixTransform(lanes.getScreenCTM().inverse());
            return (inLanes.x - left) / width * duration;
          }
          var dragging = false;
          lanes.addEventListener("pointerdown", function (event) {
            if (event.target.closest("a")) { return; }
            dragging = true;
            lanes.setPointerCapture(event.pointerId);
            showAt(timeAt(event));
          });
          lanes.addEventListener("pointermove", function (event) { if (dragging) { showAt(timeAt(event)); } });
          lanes.addEventListener("pointerup", function () { dragging = false; });
          function step(direction) {
            var times = lines.map(elementTime);
            var next = direction > 0
              ? times.filter(function (t) { return t > current; })[0]
              : times.filter(function (t) { return t < current; }).pop();
            if (next !== undefined) { showAt(next); }
          }
          document.getElementById("previous-line").addEventListener("click", function () { step(-1); });
          document.getElementById("next-line").addEventListener("click", function () { step(1); });

          var asked = /^#t=(\\d+)$/.exec(location.hash);
          showAt(asked ? +asked[1] : duration);
        })();
        """
}
