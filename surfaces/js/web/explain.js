// puny converter page: the explanation panel's steps (explainEncode,
// explainDecode, explainToAscii, explainToUnicode, explainDisplay), drawn the
// way RFC 3492 is worked by hand.  A plain script loaded before app.js;
// app.js hands it the page's helpers (el, markedInput, errorList, ...) and
// calls the steps for the selected line.  Long lists inside are drawn as
// they come into view (lazy.js, issue 51).
/* exported punyExplainSteps */
/* global puny */
function punyExplainSteps(page) {
  'use strict';
  const { el, lazyList, glyph, hex, deltaHue, markedInput, errorList, errorParagraph, errorText,
          displayOptions } = page;


  // An element whose children, make(0) ... make(count - 1), are drawn as
  // they come into view (lazy.js).
  function lazyEl(tag, attrs, count, make, marker) {
    const node = el(tag, attrs);
    lazyList(node, count, make, marker ? { marker } : {});
    return node;
  }

  // A table that may be wider than a phone scrolls in a box of its own,
  // which the keyboard can reach (Tab, then the arrow keys).
  function scroller(label, table) {
    return el('div', { class: 'scroller', tabindex: '0', role: 'region', 'aria-label': label }, table);
  }

  // A disclosure whose body, make(), is drawn when it is first opened.
  function nested(title, open, make) {
    const node = el('details', { class: 'nested', open }, el('summary', {}, title));
    if (open) node.append(...make());
    else node.addEventListener('toggle', () => { if (node.open && node.childElementCount === 1) node.append(...make()); });
    return node;
  }

  function section(title, ...body) {
    return el('section', { class: 'step' }, el('h3', {}, title), ...body);
  }

  function codePointChips(cps, basicLimit) {
    return lazyEl('div', { class: 'chips' }, cps.length, (i) =>
      el('div', { class: 'chip ' + (cps[i] < basicLimit ? 'basic' : 'nonbasic') },
        el('span', { class: 'glyph' }, glyph(cps[i])),
        el('span', { class: 'cp' }, hex(cps[i])),
        el('span', { class: 'idx' }, '[' + i + ']')));
  }

  function digitBoxes(digits, hue) {
    return el('div', { class: 'digits' }, digits.map((d) =>
      el('div', { class: 'digit', style: `--hue:${hue}` },
        el('span', { class: 'char' }, d.character),
        el('span', { class: 'val' }, d.value),
        el('span', { class: 'meta' }, 't ' + d.threshold),
        el('span', { class: 'meta' }, '\u00d7 ' + d.weight.toLocaleString('en')))));
  }

  // The output with each delta's digits coloured like its card.
  function colouredOutput(basic, delimiter, steps) {
    return el('div', { class: 'final' },
      el('span', { class: 'basic-part' }, basic),
      delimiter ? el('span', { class: 'delim' }, delimiter) : null,
      steps.map((s, k) => el('span', { class: 'delta-part', style: `--hue:${deltaHue(k)}` },
        s.digits.map((d) => d.character).join(''))));
  }

  function explainEncode(t) {
    if (t.error && t.steps.length === 0 && t.codePoints.length === 0)
      return [el('p', { class: 'error-message' }, errorText(t.error))];
    const cps = t.codePoints;
    const parts = [];
    parts.push(section('1. Code points',
      el('p', {}, `${cps.length} code point${cps.length === 1 ? '' : 's'}; the basic ones (below U+0080) are copied first.`),
      codePointChips(cps, 0x80)));
    parts.push(section('2. Basic code points, then the delimiter',
      el('div', { class: 'final' }, el('span', { class: 'basic-part' }, t.basic || '\u2205'),
        t.delimiter ? el('span', { class: 'delim' }, t.delimiter) : null),
      el('p', { class: 'muted' }, t.delimiter ? 'The last "-" separates them from the deltas.'
                                              : 'No basic code points, so no delimiter.')));
    // The seeds' table: each insertion as <code point, position> and the
    // string it grows.
    const row = (k) => {
      const s = t.steps[k];
      const inserted = new Set(t.steps.slice(0, k + 1).map((x) => x.position));
      let pos = 0;
      for (let i = 0; i < s.position; ++i) if (cps[i] < 0x80 || inserted.has(i)) ++pos;
      const text = cps.map((cp, i) => (cp < 0x80 || inserted.has(i)
        ? el('span', { class: i === s.position ? 'new' : '' }, glyph(cp)) : null));
      return el('tr', { style: `--hue:${deltaHue(k)}` },
        el('td', {}, k + 1), el('td', { class: 'big' }, glyph(s.codePoint)),
        el('td', {}, hex(s.codePoint) + ' = ' + s.codePoint), el('td', {}, pos),
        el('td', { class: 'growing' }, text));
    };
    parts.push(section('3. Insertions, smallest code point first',
      el('p', {}, 'The encoder inserts the non-basic code points in order of value (equal values left to right); each is the pair \u27e8code point, position\u27e9.'),
      scroller('insertions', el('table', { class: 'insertions' },
        el('thead', {}, el('tr', {}, el('th', {}, '#'), el('th', {}, 'char'), el('th', {}, 'code point'),
          el('th', {}, 'position'), el('th', {}, 'string after'))),
        lazyEl('tbody', {}, t.steps.length, row, 'tr')))));
    const card = (k) => {
      const s = t.steps[k];
      const formula = s.startsCodePoint
        ? [`(${hex(s.codePoint)} \u2212 ${hex(s.previousN)}) \u00d7 (${s.handled} + 1)`,
           s.carried ? ` + ${s.carried} carried` : '',
           ` + ${s.smallerBefore} before it`]
        : [`${s.smallerBefore} smaller code points since the previous ${hex(s.codePoint)}`];
      return el('div', { class: 'delta-card', style: `--hue:${deltaHue(k)}`, 'data-delta': s.delta },
        el('div', { class: 'delta-head' },
          el('span', { class: 'big' }, glyph(s.codePoint)),
          el('span', {}, 'delta ' + (k + 1)),
          el('span', { class: 'delta-value' }, '= ' + s.delta.toLocaleString('en'))),
        el('div', { class: 'formula' }, formula.join(''), ' = ', el('b', {}, s.delta)),
        el('div', { class: 'bias-line' }, 'bias ', el('b', {}, s.bias),
          ': thresholds t = ', s.digits.map((d) => d.threshold).join(', ')),
        digitBoxes(s.digits, deltaHue(k)),
        el('div', { class: 'bias-line' }, 'bias adapts to ', el('b', {}, s.newBias)));
    };
    parts.push(section('4. Each delta as a variable-length integer',
      el('p', {}, 'A delta counts the states the encoder passes (every position for every code point value) since the previous insertion. Digit k has threshold t = clamp(36k \u2212 bias, 1, 26); a digit below its threshold ends the number. Each digit is worth its value times the weight shown.'),
      lazyEl('div', { class: 'cards' }, t.steps.length, card)));
    parts.push(section('Result',
      t.output !== null ? colouredOutput(t.basic, t.delimiter, t.steps)
                        : el('p', { class: 'error-message' }, errorText(t.error))));
    return parts;
  }

  // Step k of RFC 3492 section 6.2 with its numbers: the state (n, i) it
  // starts from is the previous insertion's (code point, position + 1), or
  // (128, 0) for the first; `length` is the string's length in code points
  // before the insertion.  The results (code point, position) are the
  // library's; the formula shows how they follow.
  function decoderState(t, k) {
    const s = t.steps[k];
    const before = k === 0 ? { n: 128, i: 0 } : { n: t.steps[k - 1].codePoint, i: t.steps[k - 1].position + 1 };
    const i = before.i + s.delta;
    const length = [...t.basic].length + k;
    return `i = ${before.i} + ${s.delta} = ${i}; n = ${before.n} + (${i} div ${length + 1}) = ${s.codePoint}; ` +
           `i = ${i} mod ${length + 1} = ${s.position}`;
  }

  function explainDecode(t, input) {
    const parts = [];
    parts.push(section('1. Basic code points',
      el('p', {}, t.delimiter ? 'Everything before the last "-" is copied as it is:'
                              : 'No delimiter: every character is a digit of some delta.'),
      el('div', { class: 'final' }, el('span', { class: 'basic-part' }, t.basic || '\u2205'),
        t.delimiter ? el('span', { class: 'delim' }, t.delimiter) : null)));
    const card = (k, s = t.steps[k]) => el('div', { class: 'delta-card', style: `--hue:${deltaHue(k)}`, 'data-delta': s.delta },
      el('div', { class: 'delta-head' },
        el('span', { class: 'digits-text' }, s.digits.map((d) => d.character).join('')),
        el('span', {}, 'delta ' + (k + 1)),
        el('span', { class: 'delta-value' }, '= ' + s.delta.toLocaleString('en'))),
      el('div', { class: 'bias-line' }, 'bias ', el('b', {}, s.bias)),
      digitBoxes(s.digits, deltaHue(k)),
      el('div', { class: 'formula' }, s.digits.map((d) => `${d.value}\u00d7${d.weight}`).join(' + '), ' = ', el('b', {}, s.delta)),
      el('div', { class: 'formula state' }, decoderState(t, k)),
      el('div', { class: 'formula' }, 'insert ', el('b', {}, glyph(s.codePoint)), ` ${hex(s.codePoint)} at position ${s.position} \u2192 `,
        el('code', { class: 'growing' }, [...s.textAfter].map((ch, i) =>
          el('span', { class: i === s.position ? 'new' : '' }, ch)))),
      el('div', { class: 'bias-line' }, 'bias adapts to ', el('b', {}, s.newBias)));
    parts.push(section('2. Deltas read and inserted',
      el('p', {}, 'Each delta advances the decoder\u2019s state (RFC 3492 section 6.2): i = i + delta; n = n + (i div (length + 1)); i = i mod (length + 1), the position of the insertion. n starts at 128 and i at 0; after each insertion i moves one past it, so only the first delta counts from 128.'),
      lazyEl('div', { class: 'cards' }, t.steps.length, card)));
    parts.push(section('Result', t.output !== null
      ? el('div', { class: 'final' }, el('span', { class: 'basic-part' }, t.output))
      : el('div', {}, el('p', {}, el('code', {}, markedInput(input, [t.error]))),
          el('p', { class: 'error-message' }, errorText(t.error)))));
    return parts;
  }

  function explainToAscii(t, input, opts) {
    if (t.error) return [el('p', { class: 'error-message' }, errorText(t.error))];
    const parts = [];
    const transitional = opts.flags.transitionalProcessing;
    // A name of a few labels shows each label's Punycode; a longer one
    // keeps them closed until opened (each is some sixty elements).
    const openNested = t.labels.length <= 4;
    parts.push(section('1. Map (UTS #46 section 4, step 1)',
      t.mappings.length === 0 ? el('p', {}, 'Every code point is valid as it is.') :
      scroller('mappings', el('table', { class: 'mappings' },
        el('thead', {}, el('tr', {}, el('th', {}, 'offset'), el('th', {}, 'code point'), el('th', {}, 'status'), el('th', {}, 'becomes'))),
        lazyEl('tbody', {}, t.mappings.length, (j, m = t.mappings[j]) => el('tr', { class: m.status },
          el('td', {}, m.offset), el('td', {}, glyph(m.codePoint), ' ', hex(m.codePoint)), el('td', {}, m.status),
          el('td', {}, m.status === 'disallowed' ? 'kept (fails V7)'
            : m.status === 'deviation' && !transitional ? 'kept (nontransitional)'
            : m.replacement === '' ? 'removed' : el('code', {}, m.replacement))), 'tr'))),
      el('p', {}, 'Result: ', el('code', {}, t.mapped))));
    parts.push(section('2. Normalize to NFC', el('p', {}, el('code', {}, t.normalized),
      t.normalized === t.mapped ? ' (unchanged)' : '')));
    parts.push(section(`3. Break into labels (${t.labels.length})`,
      lazyEl('div', { class: 'labels' }, t.labels.length, (i, l = t.labels[i]) => el('code', { class: 'label-chip' + (l.errors.length ? ' bad' : '') }, `${i}: ${l.text || '\u2205'}`))));
    parts.push(section('4. Check each label, then Punycode the non-ASCII ones',
      lazyEl('div', { class: 'label-cards' }, t.labels.length, (i, l = t.labels[i]) => el('div', { class: 'label-card' + (l.errors.length ? ' bad' : '') },
        el('div', { class: 'delta-head' }, el('span', {}, `label ${i}`), el('code', {}, l.text || '\u2205'),
          el('span', { class: 'arrow' }, '\u2192'), el('code', { class: 'ascii' }, l.ascii || '\u2205')),
        l.ace ? el('p', {}, 'An xn-- label, Punycode-decoded to ', el('code', {}, l.decoded), '.') : null,
        l.errors.length ? errorList(l.errors, errorParagraph)
                        : el('p', { class: 'passed' }, 'Validity checks: all passed.'),
        l.punycode ? nested(`Punycode of "${l.text}"`, openNested, () => explainEncode(l.punycode)) : null))));
    if (t.domainErrors.length)
      parts.push(section('Domain', errorList(t.domainErrors, errorParagraph)));
    parts.push(section('Result', t.output !== null
      ? el('div', { class: 'final' }, el('span', { class: 'basic-part' }, t.output))
      : el('div', {}, el('p', {}, el('code', {}, markedInput(input, t.errors))),
          errorList(t.errors, errorParagraph),
          el('p', {}, 'Best effort: ', el('code', {}, t.bestEffort)))));
    return parts;
  }

  // ToUnicode: the Punycode decoding of each xn-- label.
  function explainToUnicode(input, opts) {
    const r = puny.toUnicodeResult(input, opts);
    const parts = [section('Result', r.ok
      ? el('div', { class: 'final' }, el('span', { class: 'basic-part' }, r.value))
      : el('div', {}, el('p', {}, el('code', {}, markedInput(input, r.errors))),
          errorList(r.errors, errorParagraph),
          el('p', {}, 'Best effort: ', el('code', {}, r.bestEffort))))];
    const labels = input.split(/[.\u3002\uFF0E\uFF61]/);
    const ace = labels.filter((l) => /^xn--/i.test(l));
    if (ace.length === 0)
      parts.unshift(section('Labels', el('p', {}, 'No xn-- label: ToUnicode maps and checks the labels as ToASCII does.')));
    // Each label's decoding is asked of the library when it is drawn.
    if (ace.length)
      parts.splice(parts.length - 1, 0, lazyEl('div', { class: 'ace-labels' }, ace.length, (i, l = ace[i]) =>
        nested(`Punycode decoding of "${l}"`, ace.length <= 4,
          () => explainDecode(puny.explain(l.slice(4).toLowerCase(), { operation: 'decode' }), l.slice(4)))));
    return parts;
  }

  // ---- display safety: every profile's answer, the verdicts, the lookalikes ----

  function charName(cp) {
    return hex(cp) + ' ' + glyph(cp);
  }

  // The U-label of a kept label with every confusable character highlighted
  // (its UTS #39 skeleton is another character: what it imitates), and the
  // characters the findings name marked with their reason.
  function flaggedLabel(label) {
    const byCodePoint = new Map();
    for (const f of label.findings) if (f.codePoint !== null) byCodePoint.set(f.codePoint, f);
    return el('code', { class: 'flagged' }, [...label.uLabel].map((ch) => {
      const cp = ch.codePointAt(0);
      const f = byCodePoint.get(cp);
      const looksLike = label.showUnicode ? ch : puny.skeleton(ch);
      if (!f && looksLike === ch) return ch;
      const imitated = f && f.imitates !== null ? f.imitates
        : looksLike !== ch && [...looksLike].length === 1 ? looksLike.codePointAt(0) : null;
      const title = charName(cp) + (imitated !== null ? ` imitates ${charName(imitated)}` : '') +
                    (f ? `: ${f.reason}` : '');
      return el('mark', { class: f ? 'confusable flagged-reason' : 'confusable', title,
                          'data-code-point': hex(cp),
                          'data-imitates': imitated !== null ? hex(imitated) : null }, ch);
    }));
  }

  function explainDisplay(input) {
    const chosen = displayOptions();
    let decision;
    try {
      decision = puny.display(input, chosen);
    } catch (e) {
      if (!(e instanceof puny.PunyError)) throw e;
      return [section('Not valid IDNA', el('p', {}, el('code', {}, markedInput(input, e.errors))),
        errorList(e.errors, errorParagraph),
        el('p', {}, 'A name that ToUnicode rejects is never shown in Unicode.'))];
    }
    const profiles = el('table', { class: 'profiles' },
      el('thead', {}, el('tr', {}, el('th', {}, 'Profile'), el('th', {}, 'Shown as'))),
      el('tbody', {}, puny.displayProfiles.map((p) => {
        const shown = puny.toDisplay(input, { profile: p.name, topDomains: chosen.topDomains });
        return el('tr', { class: p.name === chosen.profile ? 'selected' : '', 'data-profile': p.name, title: p.source },
          el('td', {}, p.name), el('td', {}, el('code', { class: 'value' }, shown)));
      })));
    const verdicts = el('table', { class: 'verdicts' },
      el('thead', {}, el('tr', {}, el('th', {}, 'Label'), el('th', {}, 'A-label'), el('th', {}, 'Verdict'), el('th', {}, 'Why'))),
      lazyEl('tbody', {}, decision.labels.length, (i, l = decision.labels[i]) => el('tr', { class: l.showUnicode ? 'ok' : 'failed' },
        el('td', {}, flaggedLabel(l)), el('td', {}, el('code', {}, l.aLabel)),
        el('td', { class: 'verdict' }, l.showUnicode ? 'Unicode' : 'A-label'),
        el('td', {}, l.findings.map((f) => el('div', { class: 'finding', 'data-reason': f.reason },
          el('b', {}, f.reason), ` (${f.step})`,
          f.codePoint !== null ? `: ${charName(f.codePoint)}` : '',
          f.imitates !== null ? ` looks like ${charName(f.imitates)}` : '',
          f.similarTo ? ` ≈ ${f.similarTo}` : '',
          el('div', { class: 'muted' }, f.message))))), 'tr'));
    const labels = input.split(/[.\u3002\uFF0E\uFF61]/);
    const skeletons = el('p', {}, 'Skeleton (UTS #39): ',
      el('code', { class: 'skeleton' }, labels.map((l) => puny.skeleton(l)).join('.')));
    return [section('Under every profile', scroller('profiles', profiles)),
            section(`Per label (${chosen.profile})`, scroller('verdicts per label', verdicts), skeletons)];
  }

  return { explainEncode, explainDecode, explainToAscii, explainToUnicode, explainDisplay };
}
