// A table wider than a phone scrolls sideways in its box; its last column — a row's actions,
// a picker's «انتخاب» — stays at the box's end edge, in reach, over the columns that pass
// under it (logical sides: the left in right to left).
export const stickyEndColumnSx = {
  '& .MuiTableCell-root:last-of-type': {
    position: 'sticky',
    insetInlineEnd: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    boxShadow: (theme: { palette: { divider: string } }) => `inset 1px 0 0 ${theme.palette.divider}`,
  },
  // Above the other headings, which stick to the top a layer up.
  '& .MuiTableCell-head:last-of-type': { zIndex: 3 },
} as const;
