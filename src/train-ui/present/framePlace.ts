/**
 * The camera at one place of a presented frame (docs/presenting.md): the boxes it shows are cut
 * into places a class reads (presentCamera.ts, cameraStops), the place the teacher walked to is
 * kept in the present store, and the view moves there at once.
 */
import type { ReactFlowInstance } from '@xyflow/react';
import { cameraStops, placeZoom, presentView } from './presentCamera';
import { presentStore } from './presentStore';

/** Frames the place of `frame` the store names among the places of boxes `ids`, above a caption of `caption` px. */
export function framePlace(
  flow: ReactFlowInstance,
  ids: readonly string[],
  frame: number,
  size: { width: number; height: number },
  caption: number,
): void {
  const rects = ids.map((id) => flow.getNodesBounds([id]));
  const zoom = placeZoom(window.innerWidth, window.innerHeight);
  const stops = cameraStops(rects, { ...size, caption, zoom });
  if (stops.length === 0) return;
  const { place } = presentStore.getState();
  const last = stops.length - 1;
  const at = place.frame !== frame ? 0 : place.at < 0 ? last : Math.min(place.at, last);
  if (place.frame !== frame || place.at !== at || place.of !== stops.length)
    presentStore.setState({ place: { frame, at, of: stops.length } });
  // at once: a flight between two zooms passes through smaller ones, each a picture the class would see go by
  void flow.setViewport(presentView(stops[at].rect, size.width, size.height, caption));
}
