/**
 * What the editor screen may do with the canvas. The canvas chunk (GrapesJS) implements it,
 * so the screen, its toolbar and its panels never import GrapesJS and stay out of that chunk.
 */

export type CanvasDevice = 'desktop' | 'tablet' | 'phone';

/** The selected component, as the screen needs to know it. */
export interface CanvasSelection {
  /** Its name as the canvas badge shows it ("Text", "Image", "Section"...). */
  name: string;
  /** Strictly inside main#main: the only components that may be regenerated. */
  inContent: boolean;
  isImage: boolean;
}

/** A component captured for regeneration; it stays the target even if the selection moves. */
export interface RegenerateTarget {
  html: string;
  /** Puts the new HTML in its place and selects it; false when it was removed meanwhile. */
  replace(html: string): boolean;
}

export interface CanvasHandle {
  /**
   * Ends text editing: GrapesJS copies what was typed into its model only when the rich-text
   * editor closes, so HTML read while a text is open would miss the last edit.
   */
  commitEditing(): Promise<void>;
  /** The canvas body as HTML (header, main and footer), for the save's html field. */
  pageHtml(): string;
  /** main#main's inner HTML: the page's own content. */
  contentHtml(): string;
  /** Replaces main#main's content with the given HTML; throws when it cannot be parsed. */
  setContentHtml(html: string): void;
  /**
   * Replaces main#main's content with a page the server already holds (a regenerated page
   * the owner picked): nothing is unsaved afterwards.
   */
  replaceSavedContent(html: string): Promise<void>;
  /** Empties main#main; the locked header and footer stay. */
  clearContent(): void;
  deselect(): void;
  regenerateTarget(): RegenerateTarget | null;
  /** Sets the selected image's src; false when no image is selected. */
  setSelectedImageSrc(src: string): boolean;
  /** Makes these images available in the Asset Manager. */
  addAssets(srcs: string[]): void;
  setDevice(device: CanvasDevice): void;
  undo(): void;
  redo(): void;
  /** The current canvas becomes the saved state (no unsaved changes). */
  markSaved(): void;
}

export interface CanvasCallbacks {
  onReady(handle: CanvasHandle): void;
  onSelection(selection: CanvasSelection | null): void;
  /** The canvas changed since it was loaded or last saved. */
  onDirty(dirty: boolean): void;
  /** Ctrl/Cmd+S pressed with the focus in the canvas. */
  onSaveShortcut(): void;
}
