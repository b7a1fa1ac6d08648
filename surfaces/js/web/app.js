// puny converter page: live conversion of every input line and the explain
// trace of the selected one, drawn the way RFC 3492 is worked by hand
// (basic code points, insertions, each delta, the bias, the digits).
// Plain script, no framework: `puny` is the global the browser build defines.
(function () {
  'use strict';

  const $ = (id) => document.getElementById(id);
  const inputBox = $('input');
  const presetBox = $('preset');
  const flagsBox = $('flags');
  const resultsBody = document.querySelector('#results tbody');
  const explainBody = $('explain-body');
  const lazyList = punyLazyList;  // lazy.js: long lists drawn as they come into view
  const maxHuntRows = 2000;  // the Lookalike tab checks this many names at most (lookalike.js)
  const errorsShown = 8;     // a line's errors listed at once; the rest behind a disclosure

  const operations = {
    encode: { title: 'Punycode encode', help: 'RFC 3492: one label of Unicode to ASCII, without the xn-- prefix.' },
    decode: { title: 'Punycode decode', help: 'RFC 3492: ASCII back to Unicode (no xn-- prefix; uppercase digits are fine).' },
    toAscii: { title: 'UTS #46 ToASCII', help: 'Whole domain names: map, normalize, check each label, encode with xn--.' },
    toUnicode: { title: 'UTS #46 ToUnicode', help: 'Whole domain names: decode every xn-- label, map and check like ToASCII.' },
    display: { title: 'Display safety', help: 'May the name be shown in Unicode? A browser policy or UTS #39 level decides label by label, and says why.' },
    lookalike: { title: 'Lookalike hunting', help: 'Which names imitate the brands? Each match with its rule, where in the name, a score and what Chromium shows (docs/hunt.md).' },
  };
  const flagLabels = {
    checkHyphens: 'CheckHyphens',
    checkBidi: 'CheckBidi',
    checkJoiners: 'CheckJoiners',
    useStd3AsciiRules: 'UseSTD3ASCIIRules',
    transitionalProcessing: 'Transitional',
    verifyDnsLength: 'VerifyDnsLength',
    ignoreInvalidPunycode: 'IgnoreInvalidPunycode',
  };

  let selectedLine = 0;

  // ---- small DOM helpers ----

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'class') node.className = v;
      else if (k === 'text') node.textContent = v;
      else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }

  const hex = (cp) => 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  const invisible = (cp) => cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || cp === 0xAD ||
    (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202E) ||
    (cp >= 0x2060 && cp <= 0x206F) || cp === 0xFEFF;
  const glyph = (cp) => (invisible(cp) ? '\u2423' : cp === 0x20 ? '\u2420' : String.fromCodePoint(cp));
  const deltaHue = (k) => (k * 67 + 200) % 360;

  // ---- options ----

  function operation() {
    return document.querySelector('input[name=operation]:checked').value;
  }

  function options() {
    const flags = {};
    for (const box of flagsBox.querySelectorAll('input')) flags[box.name] = box.checked;
    return { preset: presetBox.value, flags };
  }

  function setFlagsFromPreset() {
    const flags = puny.presetFlags(presetBox.value);
    for (const box of flagsBox.querySelectorAll('input')) box.checked = flags[box.name];
  }

  function idna2008Preset(name) {
    const p = puny.presetList.find((q) => q.name === (puny.presetAliases[name] || name));
    return p !== undefined && p.family === 'idna2008';
  }

  function displayOptions() {
    return { profile: $('profile').value, topDomains: $('top-domains').value };
  }

  function buildControls() {
    for (const p of puny.displayProfiles)
      $('profile').append(el('option', { value: p.name, text: p.name, title: p.description }));
    $('profile').addEventListener('change', render);
    $('top-domains').addEventListener('input', render);
    $('brands').addEventListener('input', render);
    for (const name of puny.presets) presetBox.append(el('option', { value: name, text: name }));
    for (const name of puny.flagNames) {
      flagsBox.append(el('label', { class: 'flag' },
        el('input', { type: 'checkbox', name, onchange: render }), ' ', flagLabels[name] || name));
    }
    setFlagsFromPreset();
    presetBox.addEventListener('change', () => { setFlagsFromPreset(); render(); });
    for (const radio of document.querySelectorAll('input[name=operation]'))
      radio.addEventListener('change', render);
    // One render a frame, however fast the keys come; a caret move alone
    // (arrow keys, a click in the text) only selects its line.
    let pending = null;
    const schedule = (what) => {
      if (pending === 'render') return;
      if (pending === null) requestAnimationFrame(() => {
        const full = pending === 'render';
        pending = null;
        if (full) render();
        else selectLine(caretLine(), { focus: false });
      });
      pending = what;
    };
    inputBox.addEventListener('input', () => schedule('render'));
    const caretMoved = () => {
      if (document.activeElement === inputBox && caretLine() !== selectedLine) schedule('select');
    };
    for (const type of ['keyup', 'mouseup', 'select']) inputBox.addEventListener(type, caretMoved);
    document.addEventListener('selectionchange', caretMoved);
    resultsBody.addEventListener('keydown', rowKey);
  }

  // The line the caret is on (the start of a selection), while the input
  // has the focus; the selected line otherwise.
  function caretLine() {
    if (document.activeElement !== inputBox) return selectedLine;
    const text = inputBox.value;
    const end = inputBox.selectionStart;
    let line = 0;
    for (let at = text.indexOf('\n'); at >= 0 && at < end; at = text.indexOf('\n', at + 1)) ++line;
    return line;
  }

  // ---- the page's state in its address ----
  // "#to-ascii&preset=url&q=b%C3%BCcher.de": the operation under its CLI
  // name, the preset, each flag that differs from the preset's (name=1 or
  // name=0), the display profile, the input and the selected line, so a
  // conversion can be linked to and the browser test can open it directly.
  // The protected-domain list is not kept (it can be long).
  const maxFragmentInput = 16384;
  const opNames = { encode: 'encode', decode: 'decode', toAscii: 'to-ascii', toUnicode: 'to-unicode',
                    display: 'display', lookalike: 'lookalike' };

  // The input in the fragment: encodeURIComponent throws a URIError on a
  // lone surrogate (which the page must accept: the library reports it as
  // invalid_utf16), so each lone one is written as the three bytes its code
  // unit would take in UTF-8 (%ED%A0%80 for U+D800, as WTF-8 writes it),
  // which fromFragment reads back; no well-formed text encodes to them.
  const loneSurrogate = /([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/;
  const byte = (b) => '%' + b.toString(16).toUpperCase();
  function toFragment(text) {
    return text.split(loneSurrogate).map((part, i) => {
      if (i % 2 === 0) return encodeURIComponent(part);
      const unit = part.charCodeAt(0);
      return '%ED' + byte(0x80 | ((unit >> 6) & 0x3F)) + byte(0x80 | (unit & 0x3F));
    }).join('');
  }
  function fromFragment(t) {
    return t.split(/(%ED%[AB][0-9A-F]%[89AB][0-9A-F])/i).map((part, i) => {
      if (i % 2 === 1) {
        const b2 = parseInt(part.slice(4, 6), 16);
        const b3 = parseInt(part.slice(7, 9), 16);
        return String.fromCharCode(0xD000 | ((b2 & 0x3F) << 6) | (b3 & 0x3F));
      }
      try { return decodeURIComponent(part); } catch { return part; }
    }).join('');
  }

  function stateHash() {
    const op = operation();
    const parts = [opNames[op]];
    if (op === 'toAscii' || op === 'toUnicode') {
      parts.push('preset=' + encodeURIComponent(presetBox.value));
      const base = puny.presetFlags(presetBox.value);
      for (const box of flagsBox.querySelectorAll('input'))
        if (box.checked !== base[box.name]) parts.push(box.name + '=' + (box.checked ? '1' : '0'));
    }
    if (op === 'display') parts.push('profile=' + encodeURIComponent($('profile').value));
    // A pasted list longer than maxFragmentInput is left out: rewriting an
    // address of hundreds of kilobytes cost each keystroke more than the
    // conversion (issue 51), and no one sends such a link.
    if (inputBox.value !== '' && inputBox.value.length <= maxFragmentInput) parts.push('q=' + toFragment(inputBox.value));
    if (selectedLine > 0) parts.push('line=' + (selectedLine + 1));
    return '#' + parts.join('&');
  }

  // Applies a hash; what it does not name keeps its current value, and a
  // name the page does not know (an old link) is ignored.
  function applyHash(hash) {
    const parts = hash.replace(/^#/, '').split('&').filter(Boolean);
    const params = new Map();
    for (const part of parts) {
      const eq = part.indexOf('=');
      if (eq < 0) params.set(fromFragment(part), null);
      else params.set(fromFragment(part.slice(0, eq)), fromFragment(part.slice(eq + 1)));
    }
    const op = Object.keys(opNames).find((k) => params.has(opNames[k]));
    if (op) document.querySelector(`input[name=operation][value=${op}]`).checked = true;
    const preset = params.get('preset');
    if (preset && (puny.presets.includes(preset) || preset in puny.presetAliases)) {
      presetBox.value = puny.presets.includes(preset) ? preset : puny.presetAliases[preset];
      setFlagsFromPreset();
    }
    for (const box of flagsBox.querySelectorAll('input'))
      if (params.has(box.name)) box.checked = params.get(box.name) === '1';
    const profile = params.get('profile');
    if (profile && puny.displayProfiles.some((p) => p.name === profile)) $('profile').value = profile;
    if (params.has('q')) inputBox.value = params.get('q') || '';
    const line = Number(params.get('line'));
    selectedLine = Number.isInteger(line) && line > 0 ? line - 1 : 0;
  }

  // ---- conversion of one line ----

  // Each line's result is kept until the operation or an option changes: a
  // keystroke changes one line, and the others are not converted again.
  let cache = { key: null, results: new Map() };
  function convertAll(op, lines, opts) {
    const key = JSON.stringify([op, opts, op === 'display' ? displayOptions() : null]);
    if (cache.key !== key || cache.results.size > 100000) cache = { key, results: new Map() };
    const { results } = cache;
    return lines.map((line) => {
      let r = results.get(line);
      if (r === undefined) {
        r = convert(op, line, opts);
        results.set(line, r);
      }
      return r;
    });
  }

  function convert(op, line, opts) {
    try {
      if (op === 'display') return { ok: true, value: puny.toDisplay(line, displayOptions()), errors: [] };
      if (op === 'encode') return { ok: true, value: puny.encode(line), errors: [] };
      if (op === 'decode') return { ok: true, value: puny.decode(line), errors: [] };
    } catch (e) {
      if (!(e instanceof puny.PunyError)) throw e;
      return { ok: false, value: null, errors: e.errors };
    }
    return op === 'toAscii' ? puny.toAsciiResult(line, opts) : puny.toUnicodeResult(line, opts);
  }

  // Where an error's span ends: its character when the input holds it at
  // the error's offset; otherwise the rest of the label.  That is the case
  // of label errors (Bidi, hyphens, length: no code point) and of an error
  // inside a decoded xn-- label, whose offset is the label's start in the
  // input while its code point is one of the decoded label's (marking the
  // 'x' alone would point at the wrong character).
  function markEnd(line, e) {
    if (e.codePoint !== null && line.codePointAt(e.offset) === e.codePoint)
      return e.offset + (e.codePoint > 0xFFFF ? 2 : 1);
    const dot = line.slice(e.offset).search(/[.\u3002\uFF0E\uFF61]/);
    return dot < 0 ? line.length : e.offset + Math.max(dot, 1);
  }

  // The input with each error's character (or the rest of the label, see
  // markEnd) marked.
  function markedInput(line, errors) {
    // Errors at the same offset share one mark, as wide as the widest (a
    // Bidi error's label is not hidden behind a V6 on its first character).
    const marks = new Map();
    for (const e of errors) {
      const end = Math.min(markEnd(line, e), line.length);
      const mark = marks.get(e.offset);
      if (mark === undefined) marks.set(e.offset, { end, errors: [e] });
      else {
        mark.end = Math.max(mark.end, end);
        mark.errors.push(e);
      }
    }
    const out = el('span', { class: 'marked' });
    let at = 0;
    for (const start of [...marks.keys()].sort((a, b) => a - b)) {
      if (start < at) continue;
      const { end, errors: here } = marks.get(start);
      out.append(line.slice(at, start));
      // Invisible characters (ZWJ, controls) are named so the mark shows something.
      const piece = [...line.slice(start, end)].map((ch) => {
        const cp = ch.codePointAt(0);
        return invisible(cp) ? el('span', { class: 'invisible' }, hex(cp)) : ch;
      });
      out.append(el('mark', { class: 'bad', title: here.map(errorText).join('\n'), 'data-offset': start },
        piece.length ? piece : '\u2205'));
      at = Math.max(end, start);
    }
    out.append(line.slice(at));
    return out;
  }

  const errorParagraph = (e) => el('p', { class: 'error-message' }, errorText(e));

  function errorText(e) {
    let s = e.code;
    if (e.uts46) s += ' (' + e.uts46 + ')';
    s += ' at offset ' + e.offset;
    if (e.codePoint) s += ', ' + hex(e.codePoint);
    if (e.uts46 || e.label) s += ', label ' + e.label;
    return s + ': ' + e.description;
  }

  // ---- results table ----

  function render() {
    const op = operation();
    $('op-help').textContent = operations[op].help;
    const idna = op === 'toAscii' || op === 'toUnicode';
    $('idna-options').hidden = op === 'display' || op === 'lookalike';
    $('display-options').hidden = op !== 'display';
    $('hunt-options').hidden = op !== 'lookalike';
    $('results').hidden = op === 'lookalike';
    $('hunt-results').hidden = op !== 'lookalike';
    $('idna-options').classList.toggle('disabled', !idna);
    for (const c of $('idna-options').querySelectorAll('select, input')) c.disabled = !idna;
    const opts = options();
    const lines = inputBox.value.split(/\r?\n/);
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    if (document.activeElement === inputBox) selectedLine = caretLine();
    if (selectedLine >= lines.length) selectedLine = Math.max(0, lines.length - 1);
    if (op === 'lookalike') {
      renderHunt(lines);
      const hash = stateHash();
      if (location.hash !== hash) history.replaceState(null, '', hash);
      return;
    }

    // Every line is converted (the summary counts the failures); the rows
    // are drawn as they come into view.
    const results = convertAll(op, lines, opts);
    const failures = results.reduce((n, r) => n + (r.ok ? 0 : 1), 0);
    current = { op, lines, results, opts };
    $('results').style.setProperty('--digits', String(lines.length).length);
    resultsBody.replaceChildren();
    current.rows = lazyList(resultsBody, lines.length, (index) => resultRow(index), { marker: 'tr' });
    $('summary').textContent = lines.length === 1 && lines[0] === '' ? '' :
      `${lines.length.toLocaleString('en')} line${lines.length === 1 ? '' : 's'}, ${failures.toLocaleString('en')} with errors`;
    renderExplain(op, lines[selectedLine] || '', opts);
    const hash = stateHash();
    if (location.hash !== hash) history.replaceState(null, '', hash);
  }

  // What render() drew: the lines, their results, the lazy list of rows.
  let current = null;

  function resultRow(index) {
    const { lines, results } = current;
    const line = lines[index];
    const r = results[index];
    const output = r.ok
      ? el('td', { class: 'output' }, el('code', { class: 'value' }, r.value === '' ? '\u2205' : clipped(r.value, (x) => x)))
      : el('td', { class: 'output error' },
          el('div', { class: 'error-message' }, errorList(r.errors, (e) => el('div', {}, errorText(e)))),
          r.bestEffort ? el('div', { class: 'best-effort' }, 'best effort: ', el('code', {}, clipped(r.bestEffort, (x) => x))) : null);
    const selected = index === selectedLine;
    // One tab stop for the table (the selected row); the arrow keys move
    // between rows (rowKey).
    return el('tr', { class: (r.ok ? 'ok' : 'failed') + (selected ? ' selected' : ''),
                      'data-line': index, tabindex: selected ? '0' : '-1',
                      'aria-selected': selected ? 'true' : 'false',
                      onclick: () => selectLine(index, { focus: true }) },
      el('td', { class: 'num' }, index + 1),
      el('td', { class: 'input' }, el('code', {}, r.ok ? (line === '' ? '\u2205' : clipped(line, (x) => x))
        : clipped(line, (part) => markedInput(part, r.errors.filter((e) => e.offset < part.length))))),
      output);
  }

  // A long text in a row shows its first clipUnits code units and a button
  // that shows the rest: laying out a 100,000-character line on each
  // keystroke cost more than converting it (issue 51).  draw(part) makes
  // the node of a part (marks and all).
  const clipUnits = 2000;
  function clipped(text, draw) {
    if (text.length <= clipUnits + 500) return draw(text);
    let cut = clipUnits;
    if (/[\uD800-\uDBFF]/.test(text[cut - 1])) --cut;  // not between a surrogate pair
    const holder = el('span', { class: 'clipped' }, draw(text.slice(0, cut)), '\u2026 ');
    const more = el('button', { type: 'button', class: 'show-all' },
      `show all ${text.length.toLocaleString('en')} characters`);
    more.addEventListener('click', (event) => {
      event.stopPropagation();
      holder.replaceChildren(draw(text));
    });
    holder.append(more);
    return holder;
  }

  const rowOf = (index) => resultsBody.querySelector(`tr[data-line="${index}"]`);

  // Selects a line to explain: from a row (click, keys) or the input's caret.
  function selectLine(index, { focus }) {
    if (!current || operation() === 'lookalike') return;
    index = Math.max(0, Math.min(index, current.lines.length - 1));
    const old = rowOf(selectedLine);
    if (old && selectedLine !== index) {
      old.classList.remove('selected');
      old.tabIndex = -1;
      old.setAttribute('aria-selected', 'false');
    }
    const changed = index !== selectedLine;
    selectedLine = index;
    current.rows.ensure(index);
    const row = rowOf(index);
    row.classList.add('selected');
    row.tabIndex = 0;
    row.setAttribute('aria-selected', 'true');
    if (focus) {
      row.focus({ preventScroll: true });
      row.scrollIntoView({ block: 'nearest' });
    }
    if (changed) {
      renderExplain(current.op, current.lines[index] || '', current.opts);
      const hash = stateHash();
      if (location.hash !== hash) history.replaceState(null, '', hash);
    }
  }

  // The rows' keys: up and down, page up and down (10 rows), home and end.
  function rowKey(event) {
    // The row's own keys only (a disclosure inside a row keeps its Enter).
    const row = event.target;
    if (!row.matches('tr[data-line]') || event.altKey || event.ctrlKey || event.metaKey) return;
    const at = Number(row.dataset.line);
    const moves = { ArrowDown: at + 1, ArrowUp: at - 1, PageDown: at + 10, PageUp: at - 10,
                    Home: 0, End: current.lines.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      selectLine(moves[event.key], { focus: true });
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      selectLine(at, { focus: true });
    }
  }

  // A line's errors: the first few, the rest behind a disclosure drawn when
  // it is opened (a line of 10,000 bad labels has as many errors).
  function errorList(errors, make) {
    if (errors.length <= errorsShown + 1) return errors.map(make);
    const rest = errors.slice(errorsShown);
    const more = el('details', { class: 'more-errors' },
      el('summary', {}, `${rest.length.toLocaleString('en')} more error${rest.length === 1 ? '' : 's'}`));
    more.addEventListener('toggle', () => {
      if (more.open && more.childElementCount === 1) lazyList(more, rest.length, (i) => make(rest[i]));
    });
    return [...errors.slice(0, errorsShown).map(make), more];
  }

  // ---- lookalike hunting: lookalike.js (issue 39; docs/hunt.md) ----
  const { renderHunt } = punyLookalikeTab({ $, el, explainBody, maxRows: maxHuntRows, lazyList });

  // ---- explain: explain.js draws the steps ----
  const { explainEncode, explainDecode, explainToAscii, explainToUnicode, explainDisplay } =
    punyExplainSteps({ el, lazyList, glyph, hex, deltaHue, markedInput, errorList, errorParagraph, errorText,
                       displayOptions });

  // The explanation runs as the user types, so its cost must stay bounded
  // whatever is pasted (issue 44): the Punycode tables show the string after
  // every insertion (steps x length cells), the other explanations a few
  // elements per label and code point.  Longer input is cut, with a note;
  // the conversion above still covers the whole line.
  const explainLimits = { encode: 128, decode: 256 };
  const explainLimitDefault = 2048;

  function cutForExplain(op, line) {
    const limit = explainLimits[op] || explainLimitDefault;
    // Code points counted without making an array of a long line.
    let count = 0, end = line.length;
    for (let i = 0; i < line.length; ++i) {
      const unit = line.charCodeAt(i);
      if (unit >= 0xD800 && unit <= 0xDBFF && i + 1 < line.length &&
          (line.charCodeAt(i + 1) & 0xFC00) === 0xDC00) ++i;
      if (++count === limit) end = i + 1;
    }
    if (count <= limit) return { line, note: null };
    return {
      line: line.slice(0, end),
      note: el('p', { class: 'muted explain-cut', role: 'note' },
        `The line has ${count.toLocaleString('en')} code points; this explanation covers the first ${limit} so the page stays responsive.`),
    };
  }

  function renderExplain(op, fullLine, opts) {
    const { line, note } = cutForExplain(op, fullLine);
    $('explain-subject').textContent = line ? `${operations[op].title} of \u201c${line}\u201d${note ? '\u2026' : ''}` : '';
    if (!line) {
      explainBody.replaceChildren(el('p', { class: 'muted' }, 'Type something above.'));
      return;
    }
    let parts;
    if (op === 'encode') parts = explainEncode(puny.explain(line));
    else if (op === 'decode') parts = explainDecode(puny.explain(line, { operation: 'decode' }), line);
    else if (op === 'display') parts = explainDisplay(line);
    else if (idna2008Preset(opts.preset))
      parts = [el('p', { class: 'muted' }, `${opts.preset} is IDNA2008 (RFC 5891): no mapping, one verdict per name; the steps shown here are those of the UTS #46 presets.`)];
    else if (op === 'toAscii') parts = explainToAscii(puny.explain(line, { ...opts, operation: 'toAscii' }), line, opts);
    else parts = explainToUnicode(line, opts);
    if (note) parts.unshift(note);
    explainBody.replaceChildren(...parts);
  }

  $('version').textContent = puny.version;
  $('unicode-version').textContent = puny.unicodeVersion;
  buildControls();
  applyHash(location.hash);
  if (!inputBox.value) inputBox.value = '3年B組金八先生';
  window.addEventListener('hashchange', () => {
    if (location.hash === stateHash()) return;  // our own replaceState
    applyHash(location.hash);
    render();
  });
  render();
})();
