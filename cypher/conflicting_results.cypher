// name: conflicting_results
// question: Where do papers report different values for the same method, dataset and metric?
// @param limit: 50
// example:
//   method | dataset | metric | value_a | value_b | paper_a | paper_b | evidence_a | evidence_b | paper_a_id | paper_b_id
MATCH (p:Paper)-[:REPORTS]->(r:Result)-[:BY_METHOD]->(x:Method), (r)-[:ON_DATASET]->(d:Dataset), (r)-[:OF_METRIC]->(m:Metric)
MATCH (q:Paper)-[:REPORTS]->(r2:Result)-[:BY_METHOD]->(x), (r2)-[:ON_DATASET]->(d), (r2)-[:OF_METRIC]->(m)
WHERE p.id < q.id AND r.value <> r2.value AND r.kind = 'score' AND r2.kind = 'score'
  // not the same number written to another precision ("97%" and "97.1%")
  AND NOT (r.value = round(r.value) AND round(r2.value) = r.value)
  AND NOT (r2.value = round(r2.value) AND round(r.value) = r2.value)
  // not two settings that both papers report (one abstract posted twice: "96% 1-shot, 100% after 4 rounds")
  AND NOT EXISTS { MATCH (q)-[:REPORTS]->(o:Result)-[:BY_METHOD]->(x) WHERE o.kind = 'score' AND o.value = r.value
                   AND (o)-[:ON_DATASET]->(d) AND (o)-[:OF_METRIC]->(m) }
  AND NOT EXISTS { MATCH (p)-[:REPORTS]->(o:Result)-[:BY_METHOD]->(x) WHERE o.kind = 'score' AND o.value = r2.value
                   AND (o)-[:ON_DATASET]->(d) AND (o)-[:OF_METRIC]->(m) }
RETURN x.name AS method, d.name AS dataset, m.name AS metric, r.value AS value_a, r2.value AS value_b,
       p.caption AS paper_a, q.caption AS paper_b, coalesce(r.sentence_plain, r.sentence) AS evidence_a,
       coalesce(r2.sentence_plain, r2.sentence) AS evidence_b, p.id AS paper_a_id, q.id AS paper_b_id
ORDER BY method, dataset, metric, paper_a, paper_b, value_a, value_b, paper_a_id, paper_b_id
LIMIT toInteger($limit)
