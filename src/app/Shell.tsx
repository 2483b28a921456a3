/**
 * The shell: header with the tools, palette, canvas with its panels, inspector and data beside
 * it, training under it, status bar. Every panel collapses to its label on a rail and opens
 * again; the arrangement a window starts with is chosen for its width (docs/screen.md).
 */

import { memo, useEffect } from 'react';
import { useStore } from 'zustand';
import { ClassroomProvider } from '../classroom/ClassroomContext';
import { LessonPanel } from '../classroom/LessonPanel';
import { LazyLessonChooser, LessonsButton } from '../classroom/LessonsButton';
import { DiagramCanvas } from '../editor/canvas/DiagramCanvas';
import { useMarkCanvasShown } from '../editor/canvas/useMarkCanvasShown';
import { DocumentTitle } from '../editor/DocumentTitle';
import { Inspector } from '../editor/inspector/Inspector';
import { Breadcrumb } from '../editor/overlays/Breadcrumb';
import { ConnectPicker } from '../editor/overlays/ConnectPicker';
import { ContextMenu } from '../editor/overlays/ContextMenu';
import { EmptyCanvasHint } from '../editor/overlays/EmptyCanvasHint';
import { LockedBanner } from '../editor/overlays/LockedBanner';
import { LazyOverlay, LazyWhen } from '../editor/overlays/lazyOverlay';
import { MissingOutputHint } from '../editor/overlays/MissingOutputHint';
import { NoticeBar } from '../editor/overlays/NoticeBar';
import { OtherTabBanner } from '../editor/overlays/OtherTabBanner';
import { SaveFailedBanner } from '../editor/overlays/SaveFailedBanner';
import { TermPanel } from '../editor/overlays/TermPanel';
import { UnreadableBanner } from '../editor/overlays/UnreadableBanner';
import { Palette } from '../editor/palette/Palette';
import { useEditor, useEditorStoreApi } from '../editor/store/EditorStoreContext';
import { Toolbar } from '../editor/Toolbar';
import { ClassButton, ClassPanel } from '../live/LiveClass';
import { live } from '../live/liveStore';
import { LazyAnimationPanel } from '../train-ui/animate/LazyAnimationPanel';
import { ExportModel } from '../train-ui/model/ExportModel';
import { TrainPanel } from '../train-ui/panel/TrainPanel';
import { PresentButton } from '../train-ui/present/PresentButton';
import { PerSession } from '../train-ui/session/PerSession';
import { TrainingProvider } from '../train-ui/session/TrainingProvider';
import { AFTER_OPEN_MS, warmSoon } from '../train-ui/session/warmSoon';
import { BoxOutputTip } from '../train-ui/views/BoxOutputTip';
import { OnceOpened } from './OnceOpened';
import { PanelHeading } from './PanelHeading';
import { StatusBar } from './StatusBar';
import { useInspectorDrawer } from './useInspectorDrawer';
import { usePanels } from './usePanels';

// Loaded when first opened (editor/overlays/lazyOverlay.tsx): the first screen, an example on
// the canvas, needs neither.
const loadPictureDialog = () => import('../editor/overlays/PictureDialog').then((m) => m.PictureDialog);
const loadReverseView = () => import('../editor/reverse/ReverseDerivativeView').then((m) => m.ReverseDerivativeView);
// The gallery and the question before an example replaces unsaved work carry every example's JSON.
const loadExamplesDialog = () => import('../editor/overlays/ExamplesDialog').then((m) => m.ExamplesDialog);
// The data panel starts on its rail below 1440 px: its preview, worker and forms load when first opened.
const loadDatasetPanel = () => import('../train-ui/data/DatasetPanel').then((m) => m.DatasetPanel);
const loadShareDialog = () => import('../editor/overlays/ShareDialog').then((m) => m.ShareDialog);
const loadShortcuts = () => import('../editor/overlays/ShortcutsOverlay').then((m) => m.ShortcutsOverlay);
const loadTieDialog = () => import('../editor/overlays/TieDialog').then((m) => m.TieDialog);
const loadBlockDialog = () => import('../editor/overlays/BlockDialog').then((m) => m.BlockDialog);
const loadOpenProblem = () => import('../editor/overlays/OpenProblemDialog').then((m) => m.OpenProblemDialog);
const loadDiscardDialog = () => import('../editor/overlays/DiscardDialog').then((m) => m.DiscardDialog);

/** The header's words and the canvas's status while the diagram opens; index.html draws them too. */
export const APP_NAME = 'Lensboard';
export const TAGLINE = 'string diagrams of lenses, trained';
export const OPENING = 'Opening the diagram…';

/** Memoised: the editor around it renders again when its restore is done, which changes nothing here. */
export const Shell = memo(function Shell({ ready }: { ready: boolean }) {
  const hidden = useEditor((s) => s.hiddenPanels);
  const discarding = useEditor((s) => s.discardPrompt !== false);
  const tying = useEditor((s) => s.tiePrompt !== null);
  const shaping = useEditor((s) => s.blockPrompt !== null);
  const refused = useEditor((s) => s.openProblem !== null);
  const store = useEditorStoreApi();
  useMarkCanvasShown(ready);
  // the first run's worker loads while the first screen idles, not after Play
  useEffect(() => (ready ? warmSoon(AFTER_OPEN_MS) : undefined), [ready]);
  const [open, toggle, reveal] = usePanels();
  // the inspector, closed, comes out over the canvas's edge while a box or wire is selected
  const drawer = useInspectorDrawer(!open.inspector);
  const sideOpen = open.inspector || open.data;
  const classOpen = useStore(live, (s) => s.open);
  const inspector = (
    <aside className={drawer.shown ? 'inspector inspector-drawer' : 'inspector'} aria-label="Inspector">
      <PanelHeading
        name="Inspector"
        open={open.inspector || drawer.shown}
        onToggle={() => (drawer.shown ? drawer.dismiss() : toggle('inspector'))}
        controls="inspector-body"
      >
        {drawer.shown && (
          <button type="button" className="panel-pin" onClick={() => toggle('inspector', true)}>
            Keep open
          </button>
        )}
      </PanelHeading>
      <div id="inspector-body" className="panel-body" hidden={!open.inspector && !drawer.shown}>
        <OnceOpened open={open.inspector || drawer.shown}>
          <Inspector />
        </OnceOpened>
      </div>
    </aside>
  );
  const classes = [
    'app',
    ...hidden.map((p) => `hide-${p}`),
    ...(['palette', 'inspector', 'data', 'training'] as const).filter((p) => !open[p]).map((p) => `closed-${p}`),
    sideOpen ? 'side-open' : 'side-rail',
    classOpen ? 'class-open' : '',
  ].filter(Boolean);
  return (
    <TrainingProvider>
      <ClassroomProvider>
        <div className={classes.join(' ')}>
          <header className="app-header">
            <h1>{APP_NAME}</h1>
            <span className="tagline">{TAGLINE}</span>
            <DocumentTitle />
            <Toolbar />
            <div className="header-end">
              <ClassButton />
              <LessonsButton />
              <PresentButton />
              <ExportModel />
            </div>
          </header>
          <div className="app-banners">
            <SaveFailedBanner />
            <OtherTabBanner />
            <UnreadableBanner />
            <LockedBanner />
          </div>
          <aside className="palette" aria-label="Palette">
            <PanelHeading
              name="Palette"
              open={open.palette}
              onToggle={() => toggle('palette')}
              controls="palette-body"
            />
            <div id="palette-body" className="panel-body" hidden={!open.palette}>
              <OnceOpened open={open.palette}>
                <Palette />
              </OnceOpened>
            </div>
          </aside>
          <main className="canvas" aria-label="Canvas" aria-busy={!ready}>
            <div className="canvas-stage">
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
              <LessonPanel reveal={reveal} ready={ready} />
              <PerSession>
                <BoxOutputTip />
              </PerSession>
              {drawer.shown && inspector}
            </div>
            <TermPanel />
            {/* beside the term bar when closed; over the canvas's bottom or side when open (app.css) */}
            <PerSession>
              <LazyAnimationPanel />
            </PerSession>
          </main>
          <div className="side">
            {!drawer.shown && inspector}
            <div className="data-section">
              <PanelHeading name="Data" open={open.data} onToggle={() => toggle('data')} controls="data-body" />
              <div id="data-body" className="panel-body" hidden={!open.data}>
                <LazyWhen
                  open={open.data}
                  what="the data panel"
                  load={loadDatasetPanel}
                  close={() => toggle('data', false)}
                  props={{}}
                />
              </div>
            </div>
          </div>
          <div className="train-dock">
            <PanelHeading
              name="Training"
              open={open.training}
              onToggle={() => toggle('training')}
              controls="training-body"
            />
            <div id="training-body" className="train-dock-body">
              <PerSession>
                <TrainPanel />
              </PerSession>
            </div>
          </div>
          <StatusBar />
          <ContextMenu />
          <ConnectPicker />
          <LazyWhen
            open={tying}
            what="the question"
            load={loadTieDialog}
            close={() => store.getState().setView({ tiePrompt: null })}
            props={{}}
          />
          <LazyWhen
            open={shaping}
            what="the question"
            load={loadBlockDialog}
            close={() => store.getState().setView({ blockPrompt: null })}
            props={{}}
          />
          <LazyWhen
            open={discarding}
            what="the question"
            load={loadDiscardDialog}
            close={() => store.getState().setView({ discardPrompt: false })}
            props={{}}
          />
          <LazyWhen
            open={refused}
            what="the file's problems"
            load={loadOpenProblem}
            close={() => store.getState().setView({ openProblem: null })}
            props={{}}
          />
          <LazyOverlay overlay="examples" what="the examples" load={loadExamplesDialog} />
          <LazyOverlay overlay="share" what="the share dialog" load={loadShareDialog} />
          <LazyOverlay overlay="picture" what="the picture dialog" load={loadPictureDialog} />
          <LazyOverlay overlay="shortcuts" what="the shortcuts" load={loadShortcuts} />
          <LazyLessonChooser />
          <ClassPanel />
        </div>
      </ClassroomProvider>
    </TrainingProvider>
  );
});
