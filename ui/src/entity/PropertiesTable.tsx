/** An entity's properties: its custom key-value pairs and the facts of its kind people look for. */
export function PropertiesTable({ entity }: { entity: any }) {
  const rows: Array<[string, React.ReactNode]> = [];
  const p = entity.properties ?? {};
  if (p.qualifiedName) rows.push(['Qualified name', p.qualifiedName]);
  if (p.externalUrl)
    rows.push([
      'External link',
      <a href={p.externalUrl} target="_blank" rel="noreferrer noopener" key="x">
        {p.externalUrl}
      </a>,
    ]);
  if (p.project) rows.push(['Project', p.project]);
  if (p.termSource) rows.push(['Source', p.termSource]);
  if (p.email) rows.push(['Email', p.email]);
  if (p.title) rows.push(['Title', p.title]);
  if (p.departmentName) rows.push(['Department', p.departmentName]);
  if (entity.userStatus) rows.push(['Status', entity.userStatus]);
  if (p.lastModified?.time) rows.push(['Last modified', new Date(p.lastModified.time).toLocaleString()]);
  for (const { key, value } of p.customProperties ?? []) rows.push([key, value]);
  if (rows.length === 0) return null;
  return (
    <section>
      <h2>Properties</h2>
      <table className="properties">
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
