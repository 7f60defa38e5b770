// A scene of rulebook.scene (the game's drawing module's matplotlib calls,
// recorded by the bridge) drawn as SVG, so the board looks like the figures.

import {svg} from "./dom.js";

export function transform(scene) {
  const [x0, x1] = scene.xlim, [y0, y1] = scene.ylim;
  const scale = Math.min(scene.size[0] * 72 / (x1 - x0), scene.size[1] * 72 / (y1 - y0));
  return {scale, width: (x1 - x0) * scale, height: (y1 - y0) * scale,
          toX: (x) => ((x - x0) * scale).toFixed(2), toY: (y) => ((y1 - y) * scale).toFixed(2)};
}

// A scene of rulebook.scene (matplotlib's calls, recorded) as SVG.
export function sceneSvg(scene, cls) {
  const {scale, width, height, toX, toY} = transform(scene);
  const picture = svg("svg", {viewBox: `0 0 ${width.toFixed(2)} ${height.toFixed(2)}`, class: cls,
                              "font-family": "IPAexGothic, sans-serif"});
  picture.dataset.width = width.toFixed(1);
  const stroke = (node, item) => {
    node.setAttribute("stroke", item.stroke ?? "none");
    node.setAttribute("stroke-width", item.width);
    if (item.dash) node.setAttribute("stroke-dasharray", item.dash.join(" "));
  };
  for (const item of scene.items) {
    let node;
    if (item.kind === "polygon" || item.kind === "polyline") {
      node = svg(item.kind, {points: item.points.map(([x, y]) => `${toX(x)},${toY(y)}`).join(" "),
                             fill: item.kind === "polyline" ? "none" : item.fill,
                             "stroke-linejoin": item.join === "round" ? "round" : "miter"});
      stroke(node, item);
    } else if (item.kind === "circle") {
      node = svg("circle", {cx: toX(item.centre[0]), cy: toY(item.centre[1]),
                            r: (item.r * scale).toFixed(2), fill: item.fill});
      stroke(node, item);
    } else if (item.kind === "wedge") {
      const [cx, cy] = item.centre, r = item.r;
      const a = item.from * Math.PI / 180, b = item.to * Math.PI / 180;
      const large = (((item.to - item.from) % 360) + 360) % 360 > 180 ? 1 : 0;
      node = svg("path", {d: `M ${toX(cx)} ${toY(cy)} L ${toX(cx + r * Math.cos(a))} ${toY(cy + r * Math.sin(a))} ` +
                             `A ${(r * scale).toFixed(2)} ${(r * scale).toFixed(2)} 0 ${large} 0 ` +
                             `${toX(cx + r * Math.cos(b))} ${toY(cy + r * Math.sin(b))} Z`, fill: item.fill});
      stroke(node, item);
    } else if (item.kind === "line") {
      node = svg("g");
      if (!item.nolines && item.points.length > 1) {
        const line = svg("polyline", {points: item.points.map(([x, y]) => `${toX(x)},${toY(y)}`).join(" "),
                                      fill: "none", "stroke-linejoin": "round",
                                      "stroke-linecap": {projecting: "square", butt: "butt", round: "round"}[item.cap] ?? "square"});
        stroke(line, item);
        node.append(line);
      }
      if (item.marker) {
        for (const [x, y] of item.points) {
          node.append(svg("circle", {cx: toX(x), cy: toY(y), r: item.markersize / 2, fill: item.stroke}));
        }
      }
    } else if (item.kind === "arc") {
      node = arcNode(item, toX, toY, scale);
    } else if (item.kind === "text") {
      node = textNode(item, toX, toY);
    }
    if (!node) continue;
    for (const halo of item.halo ?? []) {
      if (item.kind === "text") {
        node.querySelector("text").setAttribute("stroke", halo.foreground);
        node.querySelector("text").setAttribute("stroke-width", halo.linewidth);
        node.querySelector("text").setAttribute("paint-order", "stroke");
      } else {
        const under = node.cloneNode(true);
        under.setAttribute("stroke", halo.foreground);
        under.setAttribute("stroke-width", halo.linewidth);
        under.removeAttribute("stroke-dasharray");
        picture.append(under);
      }
    }
    picture.append(node);
  }
  return picture;
}

function arcNode(item, toX, toY, scale) {
  let [x1, y1] = item.start, [x2, y2] = item.end;
  const length = Math.hypot(x2 - x1, y2 - y1);
  if (length === 0) return null;
  const ux = (x2 - x1) / length, uy = (y2 - y1) / length;
  const [sa, sb] = item.shrink.map((pt) => pt / scale);
  x1 += ux * sa; y1 += uy * sa; x2 -= ux * sb; y2 -= uy * sb;
  const cx = (x1 + x2) / 2 + item.rad * (y2 - y1), cy = (y1 + y2) / 2 - item.rad * (x2 - x1);
  const group = svg("g");
  const path = svg("path", {d: `M ${toX(x1)} ${toY(y1)} Q ${toX(cx)} ${toY(cy)} ${toX(x2)} ${toY(y2)}`,
                            fill: "none", "stroke-linecap": "round"});
  path.setAttribute("stroke", item.stroke);
  path.setAttribute("stroke-width", item.width);
  if (item.dash) path.setAttribute("stroke-dasharray", item.dash.join(" "));
  group.append(path);
  if (String(item.arrow).includes(">")) {
    // matplotlib's "-|>": head_length 0.4 and head_width 0.2 (half the width), in mutation_scale points
    const headLength = String(item.arrow).match(/head_length=([0-9.]+)/)?.[1] ?? 0.4;
    const headWidth = String(item.arrow).match(/head_width=([0-9.]+)/)?.[1] ?? 0.2;
    const size = headLength * (item.mutation || 1) / scale, half = headWidth * (item.mutation || 1) / scale;
    const dx = x2 - cx, dy = y2 - cy, d = Math.hypot(dx, dy) || 1;
    // pulled back, as matplotlib pulls it, so that the stroke's mitred tip ends at the end
    const back = 0.5 * item.width * Math.hypot(headLength, headWidth) / headWidth / scale;
    const tx = x2 - dx / d * back, ty = y2 - dy / d * back;
    const bx = tx - dx / d * size, by = ty - dy / d * size;
    const px = -dy / d * half, py = dx / d * half;
    group.append(svg("polygon", {points: `${toX(tx)},${toY(ty)} ${toX(bx + px)},${toY(by + py)} ${toX(bx - px)},${toY(by - py)}`,
                                 fill: item.stroke}));
  }
  return group;
}

// matplotlib's mathtext as the drawings use it: $3_{1}$, $3_{1}\#4_{1}$.
function textParts(text) {
  if (!(text.startsWith("$") && text.endsWith("$"))) return [[text, false]];
  const body = text.slice(1, -1).replace(/\\#/g, "#");
  const out = [];
  const pattern = /_\{([^}]*)\}|_(.)|([^_]+)/g;
  for (const m of body.matchAll(pattern)) {
    if (m[3] !== undefined) out.push([m[3], false]);
    else out.push([m[1] ?? m[2], true]);
  }
  return out;
}

function textNode(item, toX, toY) {
  const group = svg("g", {class: "play-label"});
  const text = svg("text", {x: toX(item.x), y: toY(item.y), fill: item.colour,
                            "font-size": item.size,
                            "text-anchor": {center: "middle", left: "start", right: "end"}[item.ha] ?? "start",
                            "dominant-baseline": {center: "central", top: "hanging", bottom: "text-after-edge",
                                                  baseline: "alphabetic", center_baseline: "central"}[item.va] ?? "alphabetic"});
  for (const [piece, sub] of textParts(item.text)) {
    const span = svg("tspan", sub ? {"font-size": item.size * 0.7, "baseline-shift": "sub"} : {});
    span.textContent = piece;
    text.append(span);
  }
  group.append(text);
  if (item.bbox) group.dataset.bbox = JSON.stringify({...item.bbox, size: item.size});
  return group;
}

// Boxes behind labels need the text's size, known once the SVG is on the page.
export function finishText(picture) {
  for (const group of picture.querySelectorAll("g.play-label[data-bbox]")) {
    const box = JSON.parse(group.dataset.bbox);
    const text = group.querySelector("text");
    const b = text.getBBox();
    const padMatch = /pad=([0-9.]+)/.exec(box.style);
    const pad = (padMatch ? Number(padMatch[1]) : 0.3) * box.size;
    let shape;
    if (box.style.startsWith("circle")) {
      shape = svg("circle", {cx: b.x + b.width / 2, cy: b.y + b.height / 2,
                             r: Math.max(b.width, b.height) / 2 + pad});
    } else {
      shape = svg("rect", {x: b.x - pad, y: b.y - pad, width: b.width + 2 * pad, height: b.height + 2 * pad,
                           rx: box.style.startsWith("round") ? pad : 0});
    }
    shape.setAttribute("fill", box.fill ?? "none");
    shape.setAttribute("stroke", box.stroke ?? "none");
    shape.setAttribute("stroke-width", box.width);
    if (box.dash) shape.setAttribute("stroke-dasharray", box.dash.join(" "));
    group.insertBefore(shape, text);
  }
}
