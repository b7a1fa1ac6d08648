// puny converter page: long lists drawn as they come into view (issue 51).
// A pasted line of 10,000 labels used to put every label card, mapping row
// and result row into the DOM on each keystroke (35,464 nodes, ~2 s a
// keystroke).  A lazy list draws its first items and a marker after them;
// when the marker comes within half a screen of the viewport (scrolling, or
// the keyboard moving down the rows), the next batch is drawn.  A jump far
// down (End on the rows, the caret on line 9,000) draws a window of items
// there, after a gap that fills in batches, upward, as it comes into view.  So a
// keystroke costs the library's calls and a bounded number of elements,
// whatever the length of the input.  A plain script loaded before
// lookalike.js and app.js.
/* exported punyLazyList */
// punyLazyList(parent, count, make, options) appends make(0), make(1), ... to
// parent as they are needed; make(i) returns a Node.  options.first and
// options.batch: how many are drawn at once (24 by default); options.marker:
// the markers' tag ('tr' inside a tbody).  Returns { shown(), ensure(i) }:
// ensure(i) draws item i (and a few around it) if it is not drawn yet.
const punyLazyList = (function () {
  'use strict';
  const live = new Set();
  const far = 100;  // a jump past this many undrawn items opens a window

  // Observers of lists that left the page (the next keystroke replaced
  // them) are disconnected, so their items' data can be collected.
  function dropDetached() {
    for (const list of live) {
      if (!list.end.isConnected && list.attached) {
        list.observer.disconnect();
        live.delete(list);
      }
    }
  }

  return function lazyList(parent, count, make, options = {}) {
    dropDetached();
    const first = options.first || 24;
    const batch = options.batch || 24;
    const marker = (cls) => {
      const node = document.createElement(options.marker || 'div');
      node.className = 'lazy-more ' + cls;
      node.setAttribute('aria-hidden', 'true');
      return node;
    };
    // Drawn: items [0, head) and, after the gap, [from, to) (from = to = count
    // while there is no window).
    let head = 0, from = count, to = count;
    const end = marker('lazy-end');
    const gap = marker('lazy-gap');
    const list = { end, attached: false, observer: null };

    const items = (a, b) => {
      const nodes = [];
      for (let i = a; i < b; ++i) nodes.push(make(i));
      return nodes;
    };
    // Observed again, so that a marker still in view after a batch reports
    // again (an observer reports changes only).
    const watch = (node) => {
      list.observer.unobserve(node);
      if (node.parentNode === parent) list.observer.observe(node);
    };
    function settle() {
      if (from < count && head >= from) {  // the gap has closed
        head = to;
        from = to = count;
        gap.remove();
      }
      if (head >= count) {
        end.remove();
        gap.remove();
        list.observer.disconnect();
        live.delete(list);
        return;
      }
      watch(end);
      watch(gap);
    }
    function growHead(upTo) {
      const stop = Math.min(upTo, from < count ? from : count);
      if (stop <= head) return;
      const nodes = items(head, stop);
      head = stop;
      const before = from < count ? gap : end;
      if (before.parentNode === parent) before.before(...nodes);
      else parent.append(...nodes);
      settle();
    }
    function growWindow(upTo) {
      const stop = Math.min(upTo, count);
      if (stop <= to) return;
      end.before(...items(to, stop));
      to = stop;
      if (to >= count) end.remove();
      settle();
    }
    // The window grows upward (the gap marker, just above it, came into
    // view: scroll anchoring keeps the rows in view where they are).
    function growWindowUp(downTo) {
      const start = Math.max(head, downTo);
      if (start >= from) return;
      gap.after(...items(start, from));
      from = start;
      settle();
    }
    function openWindow(i) {
      // Items of an old window go; the new one starts a little above i.
      if (from < count) {
        let node = gap.nextSibling;
        while (node && node !== end) {
          const next = node.nextSibling;
          node.remove();
          node = next;
        }
      }
      from = Math.max(head + 1, i - 5);
      to = from;
      if (gap.parentNode !== parent) end.before(gap);
      if (end.parentNode !== parent) parent.append(end);
      growWindow(Math.max(i + 1, from + batch));
    }

    list.observer = new IntersectionObserver((entries) => {
      if (!end.isConnected && !gap.isConnected) {
        // Built but never put on the page (or taken off before this report).
        list.observer.disconnect();
        live.delete(list);
        return;
      }
      list.attached = true;
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        if (e.target === gap) growWindowUp(from - batch);
        else if (from >= count) growHead(head + batch);
        else growWindow(to + batch);
      }
    }, { rootMargin: '50% 0px' });
    live.add(list);
    growHead(first);
    if (head < count) parent.append(end);
    settle();

    return {
      shown: () => head + (to - from),
      ensure(i) {
        if (i < 0 || i >= count || i < head || (i >= from && i < to)) return;
        if (from < count && i >= to && i - to < far) growWindow(i + 1 + batch);
        else if (from < count && i < from && from - i < far) growWindowUp(i - 5);
        else if (i - head < far) growHead(i + 1 + batch);
        else openWindow(i);
      },
      count,
    };
  };
})();
