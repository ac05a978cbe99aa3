"use client";

import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from "recharts";
import { axisTick, chartColors, DOMAIN_COLOURS } from "./palette";

export interface TemplatePoint {
  readonly template: string;
  readonly domain: string;
  readonly accuracy: number;
  readonly n: number;
}

/** The recharts drawing of TemplateAccuracyChart (see ./lazy-drawing); one bar per template, no tick labels (69 would overlap). */
export default function Figure7Drawing({ data, height }: { data: readonly TemplatePoint[]; height: number }) {
  return (
    <BarChart responsive data={[...data]} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} style={{ width: "100%", height }}>
      <CartesianGrid vertical={false} stroke={chartColors.grid} />
      <XAxis dataKey="template" tick={false} height={8} />
      <YAxis domain={[0, 100]} tick={axisTick} width={40} tickFormatter={(value: number) => `${value}%`} />
      <Tooltip formatter={(value, _name, item) => [`${String(value)} % of ${String((item.payload as TemplatePoint).n)}`, (item.payload as TemplatePoint).domain]} cursor={{ fill: "#f3f4f6" }} />
      <Bar dataKey="accuracy" name="Accuracy" isAnimationActive={false} minPointSize={2}>
        {data.map((point) => (
          <Cell key={point.template} fill={DOMAIN_COLOURS[point.domain] ?? chartColors.muted} />
        ))}
      </Bar>
    </BarChart>
  );
}
