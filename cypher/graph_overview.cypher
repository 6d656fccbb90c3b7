// name: graph_overview
// question: How many nodes of each label and relationships of each type does the graph hold?
// @column kind: node or relationship
// @column name: the label or relationship type
// @column count: how many of them the graph holds
// example:
//   kind | name | count
//   node | Dataset | 14
//   node | Method | 52
CALL () {
  MATCH (n) UNWIND labels(n) AS name RETURN 'node' AS kind, name, count(*) AS count
  UNION ALL
  MATCH ()-[r]->() RETURN 'relationship' AS kind, type(r) AS name, count(*) AS count
}
RETURN kind, name, count
ORDER BY kind, name
