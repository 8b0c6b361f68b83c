/// <reference lib="dom" />
import type { CountsView, MapperEdit, MapperState } from '../mapper-api.js';
import { getCounts, getState, postEdits, postSave } from './api.js';
import { h } from './dom.js';
import { renderFields, updateBadges } from './render-fields.js';
import { renderMeta, renderRecord, renderUnused } from './render-meta.js';
import { renderCounts, renderNext, renderPreview, renderProblems } from './render-results.js';

/** How often the counts of the background validate are asked for while it runs. */
const POLL_MS = 60;

let state: MapperState;
let counts: CountsView | undefined;
let saved = 'not saved yet';
let pending: Promise<void> = Promise.resolve();
let polling = 0;

function status(text: string, kind: 'ok' | 'bad' | 'busy'): void {
  const el = document.getElementById('status');
  if (el === null) return;
  el.textContent = text;
  el.className = `status ${kind === 'bad' ? 'bad' : kind === 'ok' ? 'good' : 'muted'}`;
}

/** Draws the whole page from the state, keeping the focused control focused (its id is the same on every drawing). */
function draw(): void {
  const focused = document.activeElement?.id;
  const save = h('button', { type: 'button', id: 'save', class: 'primary' }, 'Save');
  save.addEventListener('click', () => void saveMapping());
  document
    .getElementById('top')
    ?.replaceWith(
      h(
        'header',
        { id: 'top' },
        h(
          'h1',
          {},
          `Mapping ${state.mappingFile}`,
          h('span', { class: 'sub' }, `${state.input} → template ${state.template.id} ${state.template.title}`),
        ),
        h('span', { id: 'status', class: 'status muted', role: 'status' }, state.dirty ? 'unsaved changes' : 'saved'),
        save,
      ),
    );
  const main = h(
    'main',
    // The revision drawn: what a test (or a curious curator) waits on after a change.
    { id: 'app', 'data-revision': String(state.revision) },
    h('div', { class: 'edit' }, renderMeta(state, send), renderRecord(state, send), renderFields(state, send, counts), renderUnused(state)),
    h('div', { class: 'side' }, renderProblems(state), renderCounts(state, counts), renderPreview(state), renderNext(state, saved)),
  );
  document.getElementById('app')?.replaceWith(main);
  if (focused) document.getElementById(focused)?.focus();
}

/** Asks for the counts until the validate of the current edit is done, redrawing only the counts and badges. */
async function poll(): Promise<void> {
  const mine = ++polling;
  while (mine === polling) {
    try {
      counts = (await getCounts()) ?? undefined;
    } catch (error) {
      status((error as Error).message, 'bad');
      return;
    }
    if (mine !== polling) return;
    document.getElementById('counts')?.replaceWith(renderCounts(state, counts));
    updateBadges(state, counts);
    if (counts === undefined || (counts.revision === state.revision && counts.done)) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Sends edits in the order they were made; the server checks each and answers the new state. */
function send(edits: readonly MapperEdit[]): void {
  pending = pending.then(async () => {
    status('checking…', 'busy');
    try {
      state = await postEdits(edits);
      counts = undefined;
      draw();
      void poll();
    } catch (error) {
      draw();
      status((error as Error).message, 'bad');
    }
  });
}

async function saveMapping(): Promise<void> {
  await pending;
  try {
    const answer = await postSave();
    saved = `saved ${answer.file} (${answer.bytes} bytes)`;
    state = await getState();
    draw();
    status(saved, 'ok');
  } catch (error) {
    status((error as Error).message, 'bad');
  }
}

async function start(): Promise<void> {
  try {
    state = await getState();
  } catch (error) {
    document.getElementById('top')?.append(h('p', { class: 'bad' }, (error as Error).message));
    return;
  }
  draw();
  document.addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 's') {
      event.preventDefault();
      void saveMapping();
    }
  });
  document.documentElement.classList.add('ready');
  await poll();
}

void start();
