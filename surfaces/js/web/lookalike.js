// puny converter page: the Lookalike tab (issue 39; docs/hunt.md), which
// checks the names typed against a brand list with puny/display's
// huntIndex.  A plain script loaded before app.js; app.js hands it the
// page's helpers and calls renderHunt(lines) when the tab is shown.
/* exported punyLookalikeTab */
/* global puny */
function punyLookalikeTab(page) {
  'use strict';
  const { $, el, explainBody, maxRows, lazyList } = page;

  // The index is built again only when the brand list changes (and the old
  // one freed).  The work stays bounded whatever is pasted (issue 44): at
  // most maxBrandLines brand lines and maxRows names are checked, and names
  // longer than maxNameUnits are skipped (no domain name is that long), each
  // cut said in a note above the table.
  const maxBrandLines = 1000;
  const maxNameUnits = 1024;
  // Each name's answer is kept with the index (a keystroke changes one name).
  let hunt = { text: null, index: null, error: null, brandLines: 0, answers: new Map() };

  function huntIndexFor(text) {
    if (hunt.text === text) return hunt;
    if (hunt.index) hunt.index.free();
    const lines = text.split(/\r?\n/);
    hunt = { text, index: null, error: null, brandLines: lines.length, answers: new Map() };
    try {
      hunt.index = puny.huntIndex(lines.length > maxBrandLines ? lines.slice(0, maxBrandLines).join('\n') : text);
    } catch (e) {
      if (!(e instanceof puny.PunyError)) throw e;
      hunt.error = e;
    }
    return hunt;
  }

  // A cell with its column's name, which a phone's layout shows beside it
  // (style.css: each row a card of name: value lines).
  function cell(cls, label, content) {
    return el('td', { class: cls, 'data-label': label }, content);
  }

  function cutNote(text) {
    return el('p', { class: 'muted hunt-cut', role: 'note' }, text);
  }

  function renderHunt(lines) {
    const body = document.querySelector('#hunt-results tbody');
    body.replaceChildren();
    const h = huntIndexFor($('brands').value);
    if (h.answers.size > 20000) h.answers.clear();  // names typed and gone
    const notes = [];
    if (h.error) {
      $('summary').replaceChildren(el('span', { class: 'error' }, 'Brand list: ' + h.error.message));
      renderHuntRules();
      return;
    }
    if (h.brandLines > maxBrandLines)
      notes.push(cutNote(`The brand list has ${h.brandLines.toLocaleString('en')} lines; the first ${maxBrandLines} are used so the page stays responsive.`));
    if (lines.length > maxRows)
      notes.push(cutNote(`The input has ${lines.length.toLocaleString('en')} lines; the first ${maxRows} are checked so the page stays responsive.`));
    let checked = 0, matched = 0, skipped = 0;
    const rows = [];
    lines.slice(0, maxRows).forEach((line, index) => {
      const name = line.trim();
      if (name === '') return;
      if (name.length > maxNameUnits) {
        ++skipped;
        return;
      }
      ++checked;
      let r = h.answers.get(name);
      if (r === undefined) {
        try {
          r = h.index.matches(name);
        } catch (e) {
          if (!(e instanceof puny.PunyError)) throw e;
          r = { error: e };
        }
        h.answers.set(name, r);
      }
      if (r.error) {
        rows.push(() => el('tr', { class: 'failed' }, cell('num', 'Line', index + 1),
          cell('input', 'Name', el('code', {}, name)),
          el('td', { class: 'error', colspan: 5, 'data-label': 'Error' }, r.error.message)));
        return;
      }
      if (r.matches.length === 0) return;
      ++matched;
      const shown = r.verdict.status !== null ? `not valid IDNA (${r.verdict.status})`
        : r.verdict.display + (r.verdict.allShown ? '' : ' (kept as A-labels)');
      for (const m of r.matches) {
        rows.push(() => el('tr', { class: 'match', 'data-line': index },
          cell('num', 'Line', index + 1),
          cell('input', 'Name', el('code', {}, name)),
          cell('brand', 'Brand', el('code', {}, m.brand)),
          cell('rule', 'Rule', m.rule),
          cell('where', 'Where', el('code', {}, name.slice(0, m.offset),
            el('mark', {}, name.slice(m.offset, m.offset + m.length)), name.slice(m.offset + m.length))),
          cell('num score', 'Score', m.score),
          cell('shown', 'Shown as', el('code', {}, shown))));
      }
    });
    if (skipped > 0)
      notes.push(cutNote(`${skipped} line${skipped === 1 ? ' is' : 's are'} longer than ${maxNameUnits} characters (no domain name is) and ${skipped === 1 ? 'was' : 'were'} not checked.`));
    // The rows are drawn as they come into view (lazy.js).
    lazyList(body, rows.length, (i) => rows[i](), { marker: 'tr' });
    $('summary').replaceChildren(
      `${checked} name${checked === 1 ? '' : 's'} checked against ${h.index.size} brand${h.index.size === 1 ? '' : 's'}, ${matched} imitate${matched === 1 ? 's' : ''} one`,
      ...notes);
    renderHuntRules();
  }

  // The explain panel on this tab: the rules, from the library's registry.
  function renderHuntRules() {
    $('explain-subject').textContent = 'the lookalike rules';
    explainBody.replaceChildren(el('table', { class: 'hunt-rules' },
      el('thead', {}, el('tr', {}, el('th', {}, 'Rule'), el('th', {}, 'What it catches'), el('th', { class: 'num' }, 'Score'))),
      el('tbody', {}, puny.huntRules.map((r) =>
        el('tr', {}, el('td', {}, el('code', {}, r.name)), el('td', {}, r.description), el('td', { class: 'num' }, r.score))))));
  }

  return { renderHunt };
}
