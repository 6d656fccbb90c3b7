// name: methods_on_dataset
// question: Which methods are proposed or used by papers that evaluate on a given dataset?
// @param dataset: "CIFAR-100"
// example:
//   dataset   | method                                | relation | paper             | evidence
//   CIFAR-100 | Depth-progressive Monotonic Learning  | PROPOSES | paper:000_….txt#6 | Experiments show …
MATCH (d:Dataset)<-[:EVALUATED_ON]-(p:Paper)-[r:PROPOSES|USES]->(m:Method)
WHERE toLower(d.name) = toLower($dataset) OR d.id = 'dataset:' + $dataset
RETURN d.name AS dataset, m.name AS method, type(r) AS relation, p.id AS paper, r.sentence AS evidence
ORDER BY relation DESC, method, paper
