import type { BarSeriesOption } from "echarts/charts";
import { BarChart } from "echarts/charts";
import type { GridComponentOption, MarkLineComponentOption, TooltipComponentOption } from "echarts/components";
import { GridComponent, MarkLineComponent, TooltipComponent } from "echarts/components";
import { type ComposeOption, init, use } from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";

// Only what the analytics draw, so the chunk stays small; SVG prints sharply and scales on a phone.
use([BarChart, GridComponent, TooltipComponent, MarkLineComponent, SVGRenderer]);

export type ChartOption = ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption | MarkLineComponentOption
>;

/** One ECharts chart that follows its box's width; `label` is its text for screen readers. */
export function EChart({
  option,
  label,
  height = 240,
  testId,
}: {
  option: ChartOption;
  label: string;
  height?: number;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = init(el, undefined, { renderer: "svg" });
    chart.setOption(option);
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [option]);
  return <div ref={box} role="img" aria-label={label} style={{ height }} className="w-full" data-testid={testId} />;
}
