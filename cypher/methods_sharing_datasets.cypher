// name: methods_sharing_datasets
// question: Which methods of other papers are evaluated on the same datasets as a given method?
// @param method: {"from": "methods_on_dataset", "example": "DDPM"}
// @param limit: 20
// example:
//   method | shared_datasets | example_dataset | example_paper | example_paper_id
//   Depth-progressive Monotonic Lea… | 1 | CIFAR-100 | Backpropagation (BP) remains th… | …
WITH toLower($method) AS wanted
MATCH (m:Method)<-[:PROPOSES|USES]-(p:Paper)-[:EVALUATED_ON]->(d:Dataset)<-[:EVALUATED_ON]-(q:Paper)-[:PROPOSES|USES]->(o:Method)
WHERE (toLower(m.name) = wanted OR wanted IN [a IN coalesce(m.aliases, []) | toLower(a)]) AND o <> m AND q <> p
WITH o.name AS method, count(DISTINCT d) AS shared_datasets, min(d.name) AS example_dataset, min(q.id) AS example_paper_id
MATCH (e:Paper {id: example_paper_id})
RETURN method, shared_datasets, example_dataset, e.caption AS example_paper, example_paper_id
ORDER BY shared_datasets DESC, method
LIMIT toInteger($limit)
