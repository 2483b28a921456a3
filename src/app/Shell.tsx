/** The shell: header with the tools, palette, canvas with its panels, inspector, status bar. */

import { ClassroomProvider } from '../classroom/ClassroomContext';
import { LessonChooser, LessonsButton } from '../classroom/LessonChooser';
import { LessonPanel } from '../classroom/LessonPanel';
import { DiagramCanvas } from '../editor/canvas/DiagramCanvas';
import { DocumentTitle } from '../editor/DocumentTitle';
import { Inspector } from '../editor/inspector/Inspector';
import { Breadcrumb } from '../editor/overlays/Breadcrumb';
import { ConnectPicker } from '../editor/overlays/ConnectPicker';
import { ContextMenu } from '../editor/overlays/ContextMenu';
import { DiscardDialog } from '../editor/overlays/DiscardDialog';
import { EmptyCanvasHint } from '../editor/overlays/EmptyCanvasHint';
import { ExamplesDialog } from '../editor/overlays/ExamplesDialog';
import { LockedBanner } from '../editor/overlays/LockedBanner';
import { LazyOverlay } from '../editor/overlays/lazyOverlay';
import { MissingOutputHint } from '../editor/overlays/MissingOutputHint';
import { NoticeBar } from '../editor/overlays/NoticeBar';
import { OpenProblemDialog } from '../editor/overlays/OpenProblemDialog';
import { OtherTabBanner } from '../editor/overlays/OtherTabBanner';
import { SaveFailedBanner } from '../editor/overlays/SaveFailedBanner';
import { ShareDialog } from '../editor/overlays/ShareDialog';
import { ShortcutsOverlay } from '../editor/overlays/ShortcutsOverlay';
import { TermPanel } from '../editor/overlays/TermPanel';
import { TieDialog } from '../editor/overlays/TieDialog';
import { UnreadableBanner } from '../editor/overlays/UnreadableBanner';
import { Palette } from '../editor/palette/Palette';
import { useEditor } from '../editor/store/EditorStoreContext';
import { Toolbar } from '../editor/Toolbar';
import { AnimationPanel } from '../train-ui/animate/AnimationPanel';
import { DatasetPanel } from '../train-ui/data/DatasetPanel';
import { ExportModel } from '../train-ui/model/ExportModel';
import { TrainPanel } from '../train-ui/panel/TrainPanel';
import { PresentButton } from '../train-ui/present/PresentButton';
import { PerSession } from '../train-ui/session/PerSession';
import { TrainingProvider } from '../train-ui/session/TrainingProvider';
import { BoxOutputTip } from '../train-ui/views/BoxOutputTip';
import { StatusBar } from './StatusBar';

// Loaded when first opened (editor/overlays/lazyOverlay.tsx): the first screen, an example on
// the canvas, needs neither.
const loadPictureDialog = () => import('../editor/overlays/PictureDialog').then((m) => m.PictureDialog);
const loadReverseView = () => import('../editor/reverse/ReverseDerivativeView').then((m) => m.ReverseDerivativeView);

/** The header's words and the canvas's status while the diagram opens; index.html draws them too. */
export const APP_NAME = 'Lensboard';
export const TAGLINE = 'string diagrams of lenses, trained';
export const OPENING = 'Opening the diagram…';

export function Shell({ ready }: { ready: boolean }) {
  const hidden = useEditor((s) => s.hiddenPanels);
  return (
    <TrainingProvider>
      <ClassroomProvider>
        <div className={['app', ...hidden.map((p) => `hide-${p}`)].join(' ')}>
          <header className="app-header">
            <h1>{APP_NAME}</h1>
            <span className="tagline">{TAGLINE}</span>
            <DocumentTitle />
            <Toolbar />
            <LessonsButton />
            <PresentButton />
            <ExportModel />
          </header>
          <div className="app-banners">
            <SaveFailedBanner />
            <OtherTabBanner />
            <UnreadableBanner />
            <LockedBanner />
          </div>
          <aside className="palette" aria-label="Palette">
            <h2>Palette</h2>
            <Palette />
          </aside>
          <main className="canvas" aria-label="Canvas" aria-busy={!ready}>
            <Breadcrumb />
            {!ready && (
              <p className="canvas-opening" role="status">
                {OPENING}
              </p>
            )}
            <DiagramCanvas />
            <EmptyCanvasHint />
            <MissingOutputHint />
            <NoticeBar />
            <LazyOverlay overlay="reverse" what="the R[f] view" load={loadReverseView} />
            <TermPanel />
            <PerSession>
              <AnimationPanel />
            </PerSession>
            <LessonPanel />
            <PerSession>
              <BoxOutputTip />
            </PerSession>
          </main>
          <aside className="inspector" aria-label="Inspector">
            <h2>Inspector</h2>
            <Inspector />
          </aside>
          <DatasetPanel />
          <PerSession>
            <TrainPanel />
          </PerSession>
          <StatusBar />
          <ContextMenu />
          <ConnectPicker />
          <TieDialog />
          <DiscardDialog />
          <OpenProblemDialog />
          <ExamplesDialog />
          <ShareDialog />
          <LazyOverlay overlay="picture" what="the picture dialog" load={loadPictureDialog} />
          <ShortcutsOverlay />
          <LessonChooser />
        </div>
      </ClassroomProvider>
    </TrainingProvider>
  );
}
