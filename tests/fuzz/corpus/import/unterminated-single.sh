echo 'unterminated
A=( 1 2
