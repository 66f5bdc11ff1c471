import { EditorView } from '@codemirror/view';

/**
 * CodeMirror in the app's look: zinc neutrals, the brand colour for the cursor and selection
 * matches, and its find panel restyled from the browser-default controls to the app's inputs
 * and buttons. The editor frame draws the focus ring, so CodeMirror's dotted outline goes.
 */
export const editorTheme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: '#fff' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': {
    fontFamily: 'var(--font-mono)',
    lineHeight: '1.6',
  },
  '.cm-content': { padding: '8px 0' },
  '.cm-gutters': {
    backgroundColor: 'var(--color-zinc-50)',
    color: 'var(--color-zinc-400)',
    borderRight: '1px solid var(--color-zinc-200)',
  },
  '.cm-activeLineGutter': {
    backgroundColor: 'var(--color-zinc-100)',
    color: 'var(--color-zinc-700)',
  },
  // A bar, not a tint: the default tag-name green (#085) only reaches 4.5:1 on pure white, and
  // one long wrapped line of page HTML would put the whole document on a tinted background.
  '.cm-activeLine': {
    backgroundColor: 'transparent',
    boxShadow: 'inset 3px 0 0 var(--color-brand-200)',
  },
  '.cm-cursor': { borderLeftColor: 'var(--color-brand-600)', borderLeftWidth: '2px' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--color-brand-100) !important',
  },
  '.cm-selectionMatch': { backgroundColor: 'var(--color-amber-100)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': {
    backgroundColor: 'var(--color-emerald-100)',
    outline: '1px solid var(--color-emerald-300)',
  },
  '.cm-searchMatch': {
    backgroundColor: 'var(--color-amber-100)',
    outline: '1px solid var(--color-amber-300)',
  },
  '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'var(--color-amber-300)' },
  '.cm-panels': { backgroundColor: 'var(--color-zinc-50)', color: 'var(--color-zinc-700)' },
  '.cm-panels-top': { borderBottom: '1px solid var(--color-zinc-200)' },
  '.cm-search': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '6px',
    padding: '8px 36px 8px 10px',
    fontFamily: 'var(--font-sans)',
    fontSize: '12px',
  },
  '.cm-search br': { flexBasis: '100%', height: 0, content: '""' },
  '.cm-textfield': {
    height: '28px',
    margin: 0,
    padding: '0 8px',
    fontSize: '12px',
    border: '1px solid var(--color-zinc-300)',
    borderRadius: '6px',
    backgroundColor: '#fff',
  },
  '.cm-button': {
    height: '28px',
    margin: 0,
    padding: '0 10px',
    fontSize: '12px',
    fontWeight: '500',
    backgroundImage: 'none',
    backgroundColor: '#fff',
    border: '1px solid var(--color-zinc-300)',
    borderRadius: '6px',
    color: 'var(--color-zinc-800)',
    cursor: 'pointer',
  },
  '.cm-button:hover': { backgroundColor: 'var(--color-zinc-100)' },
  '.cm-search label': { display: 'inline-flex', alignItems: 'center', gap: '4px', margin: 0 },
  '.cm-search input[type=checkbox]': { accentColor: 'var(--color-brand-600)', margin: 0 },
  '.cm-textfield:focus-visible, .cm-button:focus-visible, .cm-search input:focus-visible, .cm-panel button[name=close]:focus-visible':
    { outline: '2px solid var(--color-brand-500)', outlineOffset: '2px' },
  '.cm-panel.cm-search [name=close]': {
    top: '8px',
    right: '8px',
    width: '24px',
    height: '24px',
    borderRadius: '6px',
    fontSize: '18px',
    color: 'var(--color-zinc-500)',
    cursor: 'pointer',
  },
  '.cm-foldPlaceholder': {
    backgroundColor: 'var(--color-zinc-100)',
    border: '1px solid var(--color-zinc-300)',
    color: 'var(--color-zinc-600)',
  },
});
