import type { ComponentProps } from "react";
import clsx from "clsx";

// Thin wrappers over the native table elements so every table in the app shares spacing and borders.

export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div className="overflow-x-auto">
      <table className={clsx("w-full border-collapse text-left text-sm", className)} {...props} />
    </div>
  );
}

export function TableHead({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={clsx("border-b border-line bg-canvas/60", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  // `rows` (globals.css): the hover rule for every row, so no row repeats it.
  return <tbody className={clsx("rows divide-y divide-line", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={className} {...props} />;
}

/** Header cell; `numeric` right-aligns figures so columns of numbers line up. */
export function TableHeaderCell({ className, numeric, ...props }: ComponentProps<"th"> & { numeric?: boolean }) {
  return (
    <th
      scope="col"
      className={clsx(
        "px-4 py-2.5 text-xs font-medium tracking-wide text-muted uppercase",
        numeric && "text-right",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, numeric, ...props }: ComponentProps<"td"> & { numeric?: boolean }) {
  // `cell` / `cell-num` (globals.css): short names, as every row repeats them.
  return <td className={clsx("cell", numeric && "cell-num", className)} {...props} />;
}
