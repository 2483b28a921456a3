/** Every editor command, in the order the shortcut overlay lists them. */
import { autoLayout } from './autoLayout';
import { closeOrLeave } from './closeOrLeave';
import type { Command } from './command';
import { copy } from './copy';
import { deleteSelection } from './deleteSelection';
import { duplicate } from './duplicate';
import { exportDocument } from './exportDocument';
import { fitView } from './fitView';
import { groupAsPara } from './groupAsPara';
import { newDiagram } from './newDiagram';
import { openFileCommand } from './openFile';
import { paste } from './paste';
import { redo } from './redo';
import { saveToMyBoxes } from './saveToMyBoxes';
import { selectAll } from './selectAll';
import { shareLink } from './shareLink';
import { showExamples } from './showExamples';
import { showPicture } from './showPicture';
import { showReverse } from './showReverse';
import { showShortcuts } from './showShortcuts';
import { toggleLensView } from './toggleLensView';
import { undo } from './undo';

export const commands: readonly Command[] = [
  undo,
  redo,
  copy,
  paste,
  duplicate,
  deleteSelection,
  selectAll,
  groupAsPara,
  saveToMyBoxes,
  autoLayout,
  fitView,
  toggleLensView,
  showReverse,
  exportDocument,
  shareLink,
  showPicture,
  newDiagram,
  openFileCommand,
  showExamples,
  showShortcuts,
  closeOrLeave,
];

export const commandById = (id: string): Command | undefined => commands.find((c) => c.id === id);
