// Where each frontier point's label goes (right, left, above or below the point), chosen so labels do not
// cover other points or each other. Recharts gives a point's shape only its own position, so placement
// is decided up front on a nominal plot (log cost × accuracy); the tooltip still names every point.

export type LabelSide = "right" | "left" | "above" | "below" | "above-right" | "below-right";

/** Tried in this order; the first clear one wins. */
const SIDES: readonly LabelSide[] = ["right", "left", "above", "below", "above-right", "below-right"];

export interface LabelInput {
  readonly id: string;
  readonly cost: number;
  readonly accuracy: number;
  readonly text: string;
}

/** The nominal plot the layout assumes: the chart at a 1,440 px window. */
const PLOT = { width: 1000, height: 330 } as const;
const CHAR_WIDTH = 5.6;
const LINE_HEIGHT = 12;
const POINT_RADIUS = 10;
const GAP = 4;

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

function labelBox(x: number, y: number, width: number, side: LabelSide): Box {
  switch (side) {
    case "right":
      return { left: x + POINT_RADIUS + GAP, right: x + POINT_RADIUS + GAP + width, top: y - LINE_HEIGHT / 2, bottom: y + LINE_HEIGHT / 2 };
    case "left":
      return { left: x - POINT_RADIUS - GAP - width, right: x - POINT_RADIUS - GAP, top: y - LINE_HEIGHT / 2, bottom: y + LINE_HEIGHT / 2 };
    case "above":
      return { left: x - width / 2, right: x + width / 2, top: y - POINT_RADIUS - GAP - LINE_HEIGHT, bottom: y - POINT_RADIUS - GAP };
    case "below":
      return { left: x - width / 2, right: x + width / 2, top: y + POINT_RADIUS + GAP, bottom: y + POINT_RADIUS + GAP + LINE_HEIGHT };
    case "above-right":
      return { left: x + GAP, right: x + GAP + width, top: y - POINT_RADIUS - GAP - LINE_HEIGHT, bottom: y - POINT_RADIUS - GAP };
    case "below-right":
      return { left: x + GAP, right: x + GAP + width, top: y + POINT_RADIUS + GAP, bottom: y + POINT_RADIUS + GAP + LINE_HEIGHT };
    default: {
      const never: never = side;
      return never;
    }
  }
}

/** A side per point id: the first clear one of SIDES, else the one that covers least. */
export function placeLabels(points: readonly LabelInput[], costDomain: readonly [number, number]): Map<string, LabelSide> {
  const [low, high] = costDomain.map(Math.log10) as [number, number];
  const span = high - low || 1;
  const at = points.map((point) => ({
    ...point,
    x: ((Math.log10(point.cost) - low) / span) * PLOT.width,
    y: (1 - point.accuracy) * PLOT.height,
  }));
  const circles: Box[] = at.map(({ x, y }) => ({ left: x - POINT_RADIUS, right: x + POINT_RADIUS, top: y - POINT_RADIUS, bottom: y + POINT_RADIUS }));
  const placed: Box[] = [];
  const sides = new Map<string, LabelSide>();
  // Cheapest first, so the crowded low-cost corner is laid out from one end.
  for (const point of [...at].sort((a, b) => a.x - b.x)) {
    const width = point.text.length * CHAR_WIDTH;
    const own = circles[at.indexOf(point)];
    // What a label there would cover: other points and the labels placed so far.
    const covered = (box: Box) =>
      circles.filter((circle) => circle !== own && overlaps(box, circle)).length + placed.filter((other) => overlaps(box, other)).length;
    const scored = SIDES.map((side) => ({ side, covered: covered(labelBox(point.x, point.y, width, side)) }));
    const side = (scored.find((candidate) => candidate.covered === 0) ?? [...scored].sort((a, b) => a.covered - b.covered)[0])?.side ?? "right";
    placed.push(labelBox(point.x, point.y, width, side));
    sides.set(point.id, side);
  }
  return sides;
}
