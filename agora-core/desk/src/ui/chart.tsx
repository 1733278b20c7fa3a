import {useEffect, useRef} from 'preact/hooks'
import uPlot from 'uplot'

export interface ChartProps {
  /** x values then one array per series. */
  data: number[][]
  series: Array<{label: string; stroke?: string}>
  height?: number
  bars?: boolean
  /** Labels for a categorical x axis (the histogram buckets). */
  xLabels?: readonly string[]
  time?: boolean
}

const PALETTE = ['#2b6cb0', '#c05621', '#2f855a', '#9b2c2c', '#6b46c1', '#b7791f', '#2c7a7b', '#97266d']

/** uPlot in a preact component: created once per shape, fed new data in place, resized with its box. */
export function Chart({data, series, height = 180, bars = false, xLabels, time = true}: ChartProps) {
  const box = useRef<HTMLDivElement>(null)
  const plot = useRef<uPlot | null>(null)
  const shape = `${series.map(s => s.label).join('|')}|${bars}`
  useEffect(() => {
    const el = box.current
    if (!el) return
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth), height,
      // A categorical axis (the histogram) puts one tick on each bucket, with half a bucket of room either side.
      scales: {x: xLabels ? {time: false, range: () => [-0.5, xLabels.length - 0.5]} : {time}},
      legend: {show: series.length > 1},
      axes: [xLabels ? {splits: () => xLabels.map((_, i) => i), values: (_u, ticks) => ticks.map(t => xLabels[t] ?? '')} : {}, {}],
      series: [{}, ...series.map((s, i) => ({
        label: s.label, stroke: s.stroke ?? PALETTE[i % PALETTE.length], width: 1.5,
        ...(bars ? {paths: uPlot.paths.bars!({size: [0.6, 100], align: 0}), points: {show: false}, fill: (s.stroke ?? PALETTE[i % PALETTE.length]) + '88'} : {}),
      }))],
    }
    plot.current = new uPlot(opts, data as uPlot.AlignedData, el)
    const resize = new ResizeObserver(() => plot.current?.setSize({width: Math.max(200, el.clientWidth), height}))
    resize.observe(el)
    return () => {
      resize.disconnect()
      plot.current?.destroy()
      plot.current = null
    }
  }, [shape])
  useEffect(() => {
    plot.current?.setData(data as uPlot.AlignedData)
  }, [data])
  return <div class="chart" ref={box} />
}

/** A tiny line without axes: a seat's activity over the last hour. */
export function Sparkline({values}: {values: number[]}) {
  const xs = values.map((_, i) => i)
  return <SparkInner data={[xs, values]} />
}

function SparkInner({data}: {data: number[][]}) {
  const box = useRef<HTMLSpanElement>(null)
  const plot = useRef<uPlot | null>(null)
  const latest = useRef(data)
  latest.current = data
  useEffect(() => {
    const el = box.current
    if (!el) return
    // 200 seats are 200 canvases: each is drawn only once its row scrolls into view.
    const seen = new IntersectionObserver(entries => {
      if (!entries.some(e => e.isIntersecting) || plot.current) return
      seen.disconnect()
      plot.current = new uPlot({
        width: 120, height: 24, scales: {x: {time: false}}, legend: {show: false}, cursor: {show: false},
        axes: [{show: false}, {show: false}], series: [{}, {stroke: '#2b6cb0', fill: '#2b6cb033', width: 1}],
      }, latest.current as uPlot.AlignedData, el)
    })
    seen.observe(el)
    return () => {
      seen.disconnect()
      plot.current?.destroy()
    }
  }, [])
  useEffect(() => {
    plot.current?.setData(data as uPlot.AlignedData)
  }, [data])
  return <span class="spark" ref={box} />
}
