import {PGlite} from '@electric-sql/pglite';import {btree_gist} from '@electric-sql/pglite/contrib/btree_gist';
const p=await PGlite.create({extensions:{btree_gist}});
try{await p.query('create extension btree_gist');console.log('ok')}catch(e){console.log('ERR',e.message)}
const q=new PGlite(undefined,{extensions:{btree_gist}});
try{await q.query('create extension btree_gist');console.log('ok2')}catch(e){console.log('ERR2',e.message)}
const r=new PGlite({extensions:{btree_gist}});
try{await r.query('create extension btree_gist');console.log('ok3'); const c=await r.clone(); await c.query("create table t(a int, r tstzrange, exclude using gist (a with =, r with &&))"); console.log('clone ok')}catch(e){console.log('ERR3',e.message)}
