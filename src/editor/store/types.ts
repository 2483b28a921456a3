/**
 * The editor's state, in four slices: the document (the only part undo sees), the selection,
 * the view (scope, lens view, notices, overlays, the last compile) and history. Plain data only:
 * tensors never enter the store.
 */

import type { CompileResult } from '../../compile/types';
import type { Config } from '../../core/diagram';
import type { ImportStage } from '../../export/onnx/import/importOnnx';
import type { ClassLock } from '../../io/classLock';
import type { DatasetBinding, LensDocument, PortRef, Position, TrainingSettings } from '../../io/document';
import type { Lesson } from '../../io/lessonSchema';
import type { ModelFile, NamedArray } from '../../io/modelSchema';
import type { WeightIssue } from '../../io/modelWeights';
import type { SharePanel } from '../../io/shareLink';
import type { Carried } from '../../model/modelParse';
import type { OpenedFile } from '../../model/openFile';
import type { Verdict } from '../model/connection';
import type { Scope } from '../model/documentOps';
import type { Fragment } from '../model/fragment';
import type { SavedBox } from '../model/library';
import type { AsideRecord } from '../persist/idb';
import type { Slot } from '../persist/slot';
import type { HeldLock } from './lock';

/**
 * Where an opened document came from. An example, a document file, a share link or the autosave
 * is known by its content (opened again, it finds its runs); a new diagram, a lesson and a
 * model file always start a document of their own.
 */
export type OpenedAs = 'example' | 'file' | 'link' | 'restore' | 'new' | 'lesson' | 'model';

export interface DocumentSlice {
  doc: LensDocument;
  /**
   * Opens a document in place of the current one (one undo step; the canvas frames it anew);
   * `fresh` marks it as having nothing unsaved (the example, a new diagram; see `exportedDoc`);
   * `as` says where it came from, which decides whose runs it shows (`openedAs`).
   */
  setDocument(doc: LensDocument, fresh?: boolean, as?: OpenedAs): void;
  addBox(generator: string, position: Position, config?: Config): string;
  connect(from: PortRef, to: PortRef): Verdict;
  removeItems(nodeIds: readonly string[], wireIds?: readonly string[]): void;
  moveNodes(positions: ReadonlyMap<string, Position>): void;
  setConfig(boxId: string, key: string, value: unknown): Verdict;
  setLabel(id: string, label: string): void;
  paste(fragment: Fragment, at?: Position): string[];
  groupSelection(name?: string): string | null;
  placeTemplate(templateId: string, position: Position, tied: boolean): string | null;
  /** Places a saved box ("My boxes") that the document holds no copy of yet. */
  placeSaved(key: string, position: Position): string | null;
  /**
   * Binds a dataset (or none), with the training settings it brings (a CSV's own split), in one
   * undo step; binding what is bound already changes nothing.
   */
  setDataset(binding: DatasetBinding | undefined, training?: Partial<TrainingSettings>): void;
  /** Changes training settings (one undo step); throws, changing nothing, on a refused value. */
  setTraining(patch: Partial<TrainingSettings>): void;
}

export interface SelectionSlice {
  selectedNodes: readonly string[];
  selectedWires: readonly string[];
  select(nodes: readonly string[], wires?: readonly string[]): void;
  clearSelection(): void;
}

export type Overlay = 'shortcuts' | 'reverse' | 'examples' | 'share' | 'picture' | null;
/** A file Open read and accepted: a document, or a model with its weights. */
export type AcceptedFile = Exclude<OpenedFile, { kind: 'error' }>;
/** What a confirmed "discard unsaved changes?" goes on to do. */
export type DiscardIntent =
  | { readonly next: 'new' }
  | { readonly next: 'example'; readonly id: string }
  /** `link`: a share link's diagram, asked about over the diagram kept in this browser too. */
  | { readonly next: 'file'; readonly file: string; readonly opened: AcceptedFile; readonly link?: boolean };
/** A file Open refused: its name and every problem, each with its JSON path. */
/** An ONNX file being read in its worker (persist/openFiles.ts): shown in the status bar with Cancel. */
export interface OnnxOpening {
  readonly file: string;
  readonly stage: ImportStage;
  /** How far the whole import has come, 0–100. */
  readonly percent: number;
}
export interface OpenProblem {
  readonly file: string;
  readonly errors: readonly WeightIssue[];
}
/**
 * The model file opened last: the document it opened as (its diagram, agreeing with its
 * training), and its weights and optimiser state, which the training session starts its next
 * run from (train-ui/model).
 */
export interface OpenedModel {
  readonly file: string;
  readonly model: ModelFile;
  readonly weights: readonly NamedArray[];
  readonly doc: LensDocument;
  /** What the file holds that this Lensboard does not know, written back by Export model. */
  readonly carried?: Carried;
  /**
   * Weights given from outside (an ONNX file's): Reset goes back to them, and only "New random
   * weights" draws the diagram's initialisers (docs/training-panel.md).
   */
  readonly given?: boolean;
}
/**
 * A lesson Open or a share link opened (its diagram is the document now): the classroom starts
 * it at its first step and sets this back to null (classroom/useOpenedLesson.ts).
 */
export interface OpenedLesson {
  readonly file: string;
  readonly lesson: Lesson;
  readonly doc: LensDocument;
}
export interface Notice {
  readonly id: number;
  readonly text: string;
  readonly tone: 'info' | 'error';
}
export interface Connecting {
  readonly from: PortRef;
  readonly fromInput: boolean;
  readonly compatible: ReadonlySet<string>;
}
export interface PickerRequest {
  readonly from: PortRef;
  readonly fromInput: boolean;
  readonly position: Position;
  readonly screen: Position;
}
export interface MenuRequest {
  readonly kind: 'box' | 'wire' | 'canvas';
  readonly id?: string;
  readonly screen: Position;
  readonly position: Position;
}

export interface ViewData {
  scope: Scope;
  lensView: boolean;
  overlay: Overlay;
  notice: Notice | null;
  /** Every notice of this visit, oldest first (the last NOTICE_LOG_SIZE): a notice fades, its words stay here. */
  noticeLog: readonly Notice[];
  /** The log of notices is open. */
  noticeLogOpen: boolean;
  connecting: Connecting | null;
  picker: PickerRequest | null;
  menu: MenuRequest | null;
  tiePrompt: { templateId: string; position: Position } | null;
  /** The Library's transformer block is being placed here: its dialog asks the shape (BlockDialog.tsx). */
  blockPrompt: { position: Position } | null;
  /** "New diagram" or opening an example is asking whether to discard unsaved work (see `exportedDoc`). */
  discardPrompt: DiscardIntent | false;
  /** Open refused a file; shown until closed. Nothing else changed. */
  openProblem: OpenProblem | null;
  /** An ONNX file being opened, until it opens, is refused or is cancelled. */
  onnxOpening: OnnxOpening | null;
  /** The model file opened last (null after a document or an example opens). */
  openedModel: OpenedModel | null;
  /** A lesson file or link just opened, for the classroom to start (null once started). */
  openedLesson: OpenedLesson | null;
  /** Panels a share link hid for this visit (io/shareLink.ts). */
  hiddenPanels: readonly SharePanel[];
  /**
   * The lock of the document open now (io/classLock.ts): while set, every edit of the drawing
   * is refused (store/lock.ts). Only `lockBoxes`, `unlock` and opening another document change
   * it, never `setView`.
   */
  classLock: ClassLock | null;
  /** Every lock a class link put on this page, each on the drawing it locks (store/lock.ts). */
  heldLocks: readonly HeldLock[];
  /** Stored copies that could not be read, kept aside until the user exports or deletes them. */
  unreadable: readonly AsideRecord[];
  hovered: string | null;
  compiled: CompileResult | null;
  /** A big document is being compiled off the main thread (compile/compileOffThread.ts). */
  compiling: boolean;
  measured: Readonly<Record<string, { width: number; height: number }>>;
  saveError: string | null;
  /** How many other tabs of this browser have Lensboard open (persist/otherTabs.ts): autosave keeps one document. */
  otherTabs: number;
  /** The user closed the banner about other tabs (until another tab opens). */
  otherTabsDismissed: boolean;
  /** The document as last written to IndexedDB by autosave (a safety net inside this browser). */
  savedDoc: LensDocument | null;
  /**
   * The autosave slot as restore found it (persist/slot.ts): what this tab and another, both
   * started from it, merge their edits against. Read once, when autosave starts.
   */
  slot: Slot | null;
  /**
   * "Unsaved" means: changes not yet kept as a file since the document was opened. This is the
   * document as last exported, or as opened (the example, a new diagram, an autosave restored
   * with nothing pending); null when it was restored with changes never exported. Autosave does
   * not count: it lives in this browser only, and "New diagram" would overwrite it.
   */
  exportedDoc: LensDocument | null;
  /** How many documents were opened (setDocument); the canvas frames each one once. */
  /** How many times Fit view framed the diagram: the legend looks again whether it covers a box. */
  framed: number;
  opened: number;
  /** Where the document opened last came from (train-ui/session/documentKeys.ts: whose runs it shows). */
  openedAs: OpenedAs;
  /** "My boxes": saved groups, kept across documents (persist/library.ts). */
  library: readonly SavedBox[];
}

export interface ViewSlice extends ViewData {
  enterGroup(id: string): void;
  leaveTo(scope: Scope): void;
  toggleLensView(): void;
  setOverlay(o: Overlay): void;
  notify(text: string, tone?: Notice['tone']): void;
  dismissNotice(): void;
  setView(patch: Partial<Omit<ViewData, 'classLock' | 'heldLocks'>>): void;
  /**
   * Locks the drawing of `doc` (the document open now, by default) for this visit: it is locked
   * whenever it is open. A lock held is only ever joined by its own key (store/lock.ts).
   */
  lockBoxes(lock: ClassLock, doc?: LensDocument): void;
  /** Unlocks when the page holds the key that opens its lock; otherwise says how, and stays locked. */
  unlock(): Promise<boolean>;
}

export interface HistorySlice {
  undo(): void;
  redo(): void;
  /** A drag is one step: positions move freely between these two calls and land as one edit. */
  beginGesture(): void;
  endGesture(): void;
}

export type EditorState = DocumentSlice & SelectionSlice & ViewSlice & HistorySlice;
