/**
 * Rows that hold a data table's place while its figures load: a row header and one cell per column, each with its
 * column's label (`data-label`), so on a phone they are the same cards as the real rows and nothing below moves
 * when the figures arrive. Unseen and hidden from assistive technology.
 */
export function PlaceholderRows({ count, labels }: { count: number; labels: readonly string[] }) {
  return Array.from({ length: count }, (_, row) => (
    <tr key={`placeholder-${row}`} aria-hidden="true" className="placeholder-row">
      <th scope="row">{"\u00a0"}</th>
      {labels.map((label, column) => (
        <td key={column} data-label={label}>
          {"\u00a0"}
        </td>
      ))}
    </tr>
  ));
}
