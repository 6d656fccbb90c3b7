// name: conflicting_results
// question: Where do papers report different values for the same method, dataset and metric?
// @param limit: 50
// example:
//   method | dataset  | metric | value_a | paper_a      | value_b | paper_b      | evidence_a         | evidence_b
//   ResNet | ImageNet | top-1  | 76.1    | paper:a.txt#0 | 77.3   | paper:b.txt#4 | ResNet reaches … | … ResNet at 77.3 …
MATCH (p:Paper)-[:REPORTS]->(r:Result)-[:BY_METHOD]->(x:Method), (r)-[:ON_DATASET]->(d:Dataset), (r)-[:OF_METRIC]->(m:Metric)
MATCH (q:Paper)-[:REPORTS]->(r2:Result)-[:BY_METHOD]->(x), (r2)-[:ON_DATASET]->(d), (r2)-[:OF_METRIC]->(m)
WHERE p.id < q.id AND r.value <> r2.value AND r.kind = 'score' AND r2.kind = 'score'
RETURN x.name AS method, d.name AS dataset, m.name AS metric, r.value AS value_a, p.id AS paper_a,
       r2.value AS value_b, q.id AS paper_b, r.sentence AS evidence_a, r2.sentence AS evidence_b
ORDER BY method, dataset, metric, paper_a, paper_b, value_a, value_b
LIMIT toInteger($limit)
