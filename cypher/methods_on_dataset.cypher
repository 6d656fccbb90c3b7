// name: methods_on_dataset
// question: Which methods are proposed or used by papers that evaluate on a given dataset?
// @param dataset: {"from": "top_datasets"}
// example:
MATCH (d:Dataset)<-[:EVALUATED_ON]-(p:Paper)-[r:PROPOSES|USES]->(m:Method)
WHERE toLower(d.name) = toLower($dataset) OR toLower($dataset) IN [a IN coalesce(d.aliases, []) | toLower(a)]
RETURN d.name AS dataset, m.name AS method, type(r) AS relation, p.caption AS paper,
       coalesce(r.sentence_plain, r.sentence) AS evidence, p.id AS paper_id
ORDER BY relation DESC, method, paper, paper_id
